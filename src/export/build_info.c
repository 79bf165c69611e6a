// SPDX-License-Identifier: GPL-2.0
/* zswap_exporter_build_info (build_info.h). */
#include <bpf/libbpf.h>
#include "build_info.h"
#include "version.h"

int export_build_info(struct prom_doc *d)
{
	/* a build outside a checkout has no revision: "" says so */
	const struct prom_label l[] = {
		{ "version", zswap_release() },
		{ "revision", zswap_revision() },
		{ "libbpf", libbpf_version_string() },
	};

	return prom_add(d, "zswap_exporter_build_info", PROM_GAUGE,
			"The exporter's version, git revision and libbpf version, "
			"as labels; always 1.", l, 3, 1);
}
