/* SPDX-License-Identifier: GPL-2.0 */
/*
 * zswap_exporter_build_info: what built the exporter, as a gauge of 1
 * whose labels say it (Prometheus exporters' build_info convention).
 */
#ifndef __BUILD_INFO_H
#define __BUILD_INFO_H

#include "prom_writer.h"

/* The toolkit's release and revision (version.h), libbpf's version. */
int export_build_info(struct prom_doc *d);

#endif /* __BUILD_INFO_H */
