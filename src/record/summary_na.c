// SPDX-License-Identifier: GPL-2.0
/* n/a reasons grouped into footnotes (summary_na.h). */
#include <string.h>
#include "metrics.h"
#include "num_format.h"
#include "planner.h"
#include "summary_na.h"

/* a hook's part of a reason starts with its kind: "fentry F: why" */
static bool hook_part(const char *part, size_t n, size_t *kind_len)
{
	for (int s = SRC_FENTRY; s <= SRC_TRACEPOINT; s++) {
		const char *k = src_name(s);
		size_t l = strlen(k);

		if (n > l && !strncmp(part, k, l) && part[l] == ' ' &&
		    memchr(part + l, ':', n - l)) {
			*kind_len = l;
			return true;
		}
	}
	return false;
}

/*
 * "fentry zswap_load: zswap_load not in BTF (inlined or absent)" into
 * "fentry: not in BTF (inlined or absent)": the failure without the
 * function, so the functions' failures of one kind are one.
 */
static void hook_failure(char *out, size_t len, const char *part, size_t n,
			 size_t kind_len)
{
	const char *name = part + kind_len + 1;
	const char *colon = memchr(part, ':', n);
	size_t name_len = colon - name;
	const char *why = colon + 1;

	while (why < part + n && *why == ' ')
		why++;
	if ((size_t)(part + n - why) > name_len && !strncmp(why, name, name_len) &&
	    why[name_len] == ' ')
		why += name_len + 1;
	snprintf(out, len, "%.*s: %.*s", (int)kind_len, part,
		 (int)(part + n - why), why);
}

/* Adds each failure of a hook reason's parts to c->text once. */
static void add_hook_failures(struct na_cause *c, const char *reason)
{
	/* a reason the record cut at its length ends in a partial part */
	bool cut = strlen(reason) >= METRIC_REASON_LEN - 1;
	const char *p = reason;

	while (*p) {
		const char *end = strstr(p, "; ");
		size_t n = end ? (size_t)(end - p) : strlen(p), kl;
		char one[256];

		if ((end || !cut) && hook_part(p, n, &kl)) {
			hook_failure(one, sizeof(one), p, n, kl);
			if (!strstr(c->text, one) &&
			    strlen(c->text) + strlen(one) + 3 < sizeof(c->text)) {
				if (c->text[0])
					strcat(c->text, "; ");
				strcat(c->text, one);
			}
		}
		p += n;
		if (end)
			p += 2;
	}
}

/*
 * What to do about a cause, by the failures it names; a reason that names
 * a table's match and has no hook is that row's cause, titled by it.
 */
static const struct {
	const char *match;
	const char *title;	/* NULL: the row gives advice, not a cause */
	const char *advice;
} na_advice[] = {
	{ "program load refused (Operation not permitted)", NULL,
	  "This kernel has no BPF trampoline for fentry/fexit (ftrace "
	  "without direct calls, or lockdown): see docs/faults.md, \"A "
	  "metric is n/a\"." },
	{ "cgroup v1", "the cgroup is on cgroup v1 (or has no memory "
	  "controller)", "A cgroup v2 --cgroup gives these." },
	{ " absent", "counter files this kernel does not have", NULL },
};
#define NR_ADVICE (int)(sizeof(na_advice) / sizeof(na_advice[0]))

/* the table's row whose title is reason's cause, or -1 */
static int titled_cause(const char *reason)
{
	for (int i = 0; i < NR_ADVICE; i++)
		if (na_advice[i].title && strstr(reason, na_advice[i].match))
			return i;
	return -1;
}

int na_cause_add(struct na_causes *nc, const char *reason)
{
	size_t kl;
	bool hooks = hook_part(reason, strlen(reason), &kl);
	int t = hooks ? -1 : titled_cause(reason);
	const char *text = t >= 0 ? na_advice[t].title : reason;
	int k;

	for (k = 0; k < nc->n; k++)
		if (hooks ? nc->c[k].hooks : !nc->c[k].hooks &&
		    !strcmp(nc->c[k].text, text))
			break;
	if (k == nc->n) {
		if (nc->n == NA_CAUSES_MAX)
			k = NA_CAUSES_MAX - 1;
		else
			nc->c[nc->n++] = (struct na_cause){ .hooks = hooks };
		if (!hooks)
			snprintf(nc->c[k].text, sizeof(nc->c[k].text), "%s", text);
	}
	if (hooks)
		add_hook_failures(&nc->c[k], reason);
	nc->c[k].series++;
	return k + 1;
}

int na_cause_print(FILE *f, const struct na_causes *nc, int k, int width)
{
	const struct na_cause *c = &nc->c[k - 1];
	char head[16], text[NA_CAUSE_LEN + 32];
	int col;

	col = snprintf(head, sizeof(head), "  [%d] ", k);
	fputs(head, f);
	snprintf(text, sizeof(text), "%s%s", c->hooks ?
		 "no hook could be attached: " : "", c->text);
	return wrap_print(f, text, col, col, width);
}

void na_cause_advice(FILE *f, const struct na_causes *nc, int k, int width)
{
	const struct na_cause *c = &nc->c[k - 1];

	for (int i = 0; i < NR_ADVICE; i++) {
		if (!na_advice[i].advice || !strstr(c->text, na_advice[i].match))
			continue;
		fprintf(f, "%6s", "");
		wrap_print(f, na_advice[i].advice, 6, 6, width);
		fputc('\n', f);
	}
}
