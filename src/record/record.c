// SPDX-License-Identifier: GPL-2.0
/* Record files through json-c. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <json-c/json.h>
#include "atomic_file.h"
#include "counters.h"
#include "metric_name_check.h"
#include "record.h"
#include "text_clean.h"
#include "session.h"

static json_object *metric_json(const struct metric *m)
{
	json_object *o = json_object_new_object();

	if (m->has_value) {
		double v = m->value;

		if (v == (long long)v && fabs(v) < 9e15)
			json_object_object_add(o, "value",
					       json_object_new_int64((long long)v));
		else
			json_object_object_add(o, "value",
					       json_object_new_double(v));
	} else {
		json_object_object_add(o, "value", NULL);
	}
	json_object_object_add(o, "unit", json_object_new_string(m->unit));
	json_object_object_add(o, "source",
			       json_object_new_string(src_name(m->src)));
	if (!m->has_value)
		json_object_object_add(o, "reason",
				       json_object_new_string(m->reason));
	return o;
}

static json_object *plan_json(const struct zs_plan *plan)
{
	json_object *o = json_object_new_object();
	json_object *hooks = json_object_new_object();
	json_object *metrics = json_object_new_object();

	for (int h = 0; h < HOOK_NR; h++) {
		const struct hook_cand *c = plan_hook(plan, h);
		const struct hook_choice *hc = &plan->hooks[h];
		json_object *e = json_object_new_object();
		json_object *sk = json_object_new_array();

		json_object_object_add(e, "source", json_object_new_string(
			src_name(c ? c->kind : SRC_NONE)));
		json_object_object_add(e, "target",
				       c ? json_object_new_string(c->target) : NULL);
		for (int i = 0; i < MAX_CANDS; i++) {
			char buf[WHY_LEN + 64];

			if (!hc->why[i][0] || i == hc->chosen ||
			    (hc->chosen >= 0 && i > hc->chosen))
				continue;
			snprintf(buf, sizeof(buf), "%s %s: %s",
				 src_name(hook_def(h)->cands[i].kind),
				 hook_def(h)->cands[i].target, hc->why[i]);
			json_object_array_add(sk, json_object_new_string(buf));
		}
		json_object_object_add(e, "skipped", sk);
		json_object_object_add(hooks, hook_def(h)->name, e);
	}
	for (int m = 0; m < MF_PLANNED_NR; m++) {
		char name[METRIC_NAME_LEN];

		for (int v = 0; !plan_metric_name(m, v, name, sizeof(name)); v++) {
			json_object *e = json_object_new_object();

			json_object_object_add(e, "source", json_object_new_string(
				src_name(plan->metrics[m].src)));
			json_object_object_add(e, "skipped", json_object_new_string(
				plan->metrics[m].reason));
			json_object_object_add(metrics, name, e);
		}
	}
	json_object_object_add(o, "hooks", hooks);
	json_object_object_add(o, "metrics", metrics);
	return o;
}

/* The record's "zswap" header: each key and the meta field it holds. */
#define ZH(key, field) { key, offsetof(struct record_meta, field), \
			 sizeof(((struct record_meta *)0)->field) }
static const struct zswap_header_key {
	const char *key;
	size_t off, len;
} zswap_header[] = {
	ZH("enabled", zswap_enabled), ZH("compressor", compressor),
	ZH("zpool", zpool), ZH("max_pool_percent", max_pool_percent),
	ZH("accept_threshold_percent", accept_threshold_percent),
	ZH("shrinker_enabled", shrinker_enabled),
};
#undef ZH
#define NR_ZSWAP_HEADER (sizeof(zswap_header) / sizeof(zswap_header[0]))

static json_object *meta_zswap_json(const struct record_meta *m)
{
	json_object *z = json_object_new_object();

	for (size_t i = 0; i < NR_ZSWAP_HEADER; i++)
		json_object_object_add(z, zswap_header[i].key, json_object_new_string(
			(const char *)m + zswap_header[i].off));
	return z;
}

static json_object *param_changes_json(const struct record_meta *m)
{
	json_object *a = json_object_new_array();

	for (int i = 0; i < m->nr_param_changes; i++) {
		const struct param_change *c = &m->param_changes[i];
		json_object *o = json_object_new_object();

		json_object_object_add(o, "param", json_object_new_string(c->param));
		json_object_object_add(o, "from", json_object_new_string(c->from));
		json_object_object_add(o, "to", json_object_new_string(c->to));
		json_object_object_add(o, "at_s", json_object_new_double(c->at_s));
		json_object_array_add(a, o);
	}
	return a;
}

int record_write_to(struct atomic_file *af, const struct record_meta *meta,
		    const struct zs_plan *plan, const struct metric_set *ms,
		    const struct prog_stats *ps, int nr_ps)
{
	json_object *root = json_object_new_object(), *o, *a;
	const char *text;
	char *buf;
	int err = 0;
	size_t len;

	json_object_object_add(root, "schema", json_object_new_string(RECORD_SCHEMA));
	o = json_object_new_object();
	json_object_object_add(o, "release",
			       json_object_new_string(meta->kernel_release));
	json_object_object_add(root, "kernel", o);
	json_object_object_add(root, "hostname",
			       json_object_new_string(meta->hostname));
	json_object_object_add(root, "toolkit_version",
			       json_object_new_string(meta->toolkit_version));
	json_object_object_add(root, "cmdline",
			       json_object_new_string(meta->cmdline));
	json_object_object_add(root, "zswap", meta_zswap_json(meta));
	json_object_object_add(root, "cgroup", meta->cgroup[0] ?
			       json_object_new_string(meta->cgroup) : NULL);
	a = json_object_new_array();
	for (char **p = meta->argv; p && *p; p++)
		json_object_array_add(a, json_object_new_string(*p));
	json_object_object_add(root, "command", a);
	json_object_object_add(root, "start_unix",
			       json_object_new_int64(meta->start_unix));
	json_object_object_add(root, "duration_s",
			       json_object_new_double(meta->duration_s));
	json_object_object_add(root, "wall_time_s", meta->wall_time_s >= 0 ?
			       json_object_new_double(meta->wall_time_s) : NULL);
	json_object_object_add(root, "exit_code", meta->exit_code >= 0 ?
			       json_object_new_int(meta->exit_code) : NULL);
	json_object_object_add(root, "complete",
			       json_object_new_boolean(meta->complete));
	a = json_object_new_array();
	for (int i = 0; i < meta->nr_notes; i++)
		json_object_array_add(a, json_object_new_string(meta->notes[i]));
	json_object_object_add(root, "notes", a);
	json_object_object_add(root, "param_changes", param_changes_json(meta));
	if (plan)
		json_object_object_add(root, "plan", plan_json(plan));
	o = json_object_new_object();
	for (size_t i = 0; i < ms->n; i++)
		json_object_object_add(o, ms->m[i].name, metric_json(&ms->m[i]));
	json_object_object_add(root, "metrics", o);
	o = json_object_new_object();
	for (size_t i = 0; i < ms->nh; i++)
		json_object_object_add(o, ms->h[i].name,
				       hist_json(&ms->h[i].h, ms->h[i].unit,
						 src_name(ms->h[i].src)));
	json_object_object_add(root, "histograms", o);
	if (ps && nr_ps) {
		o = json_object_new_object();
		for (int i = 0; i < nr_ps; i++) {
			json_object *e = json_object_new_object();

			json_object_object_add(e, "run_cnt",
					       json_object_new_uint64(ps[i].run_cnt));
			json_object_object_add(e, "run_time_ns",
					       json_object_new_uint64(ps[i].run_time_ns));
			json_object_object_add(e, "mean_ns", json_object_new_double(
				ps[i].run_cnt ? (double)ps[i].run_time_ns / ps[i].run_cnt : 0));
			json_object_object_add(e, "recursion_misses",
					       json_object_new_uint64(ps[i].recursion_misses));
			json_object_object_add(o, ps[i].name, e);
		}
		json_object_object_add(root, "self_stats", o);
	}

	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
	/*
	 * json-c copies a string's bytes as they are: an argument or a cgroup
	 * path that is not UTF-8 would make the record invalid JSON. JSON's
	 * own syntax is ASCII, so replacing bad bytes never breaks it.
	 */
	buf = utf8_valid_dup(text);
	len = buf ? strlen(buf) : 0;
	if (buf) {
		char *nl = realloc(buf, len + 2);

		if (!nl)
			free(buf);
		buf = nl;
	}
	if (!buf) {
		err = -ENOMEM;
		atomic_file_discard(af);
	} else {
		buf[len] = '\n';
		err = atomic_file_commit(af, buf, len + 1, NULL);
		free(buf);
	}
	json_object_put(root);
	return err;
}

int record_write(const char *path, const struct record_meta *meta,
		 const struct zs_plan *plan, const struct metric_set *ms,
		 const struct prog_stats *ps, int nr_ps)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, path, NULL);

	return err ? err : record_write_to(&af, meta, plan, ms, ps, nr_ps);
}

/* Reading: every field is checked; errors name the file and the field. */

static bool get_typed(json_object *o, const char *key, json_type t,
		      bool nullable, json_object **out, const char *file,
		      const char *where, struct zs_error *err)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v)) {
		zs_error_set(err, true, "%s: field %s%s: missing", file, where, key);
		return false;
	}
	if (v == NULL && nullable) {
		*out = NULL;
		return true;
	}
	if (!json_object_is_type(v, t) &&
	    !(t == json_type_double && json_object_is_type(v, json_type_int))) {
		zs_error_set(err, true, "%s: field %s%s: expected %s", file, where,
			 key, json_type_to_name(t));
		return false;
	}
	*out = v;
	return true;
}

static void copy_str(char *dst, size_t len, json_object *o);

/* A string field a record may lack (or hold null): "" then; -1 if not a string. */
static int load_optional_str(json_object *root, const char *key, char *dst,
			     size_t len, const char *path, struct zs_error *err)
{
	json_object *v;

	if (!json_object_object_get_ex(root, key, &v) || !v)
		return 0;
	if (!get_typed(root, key, json_type_string, false, &v, path, "", err))
		return -1;
	copy_str(dst, len, v);
	return 0;
}

/* A record's strings are printed by compare and claims: no escapes. */
static void copy_str(char *dst, size_t len, json_object *o)
{
	snprintf(dst, len, "%s", o ? json_object_get_string(o) : "");
	ctrl_replace(dst);
}

static enum zs_src src_from_name(const char *name)
{
	for (int s = SRC_FENTRY; s < SRC_NR; s++)
		if (!strcmp(src_name(s), name))
			return s;
	return SRC_END;
}

/* "FILE: field WHEREsource: unknown source 'x' (one of a, b, ...)" */
static void bad_source(struct zs_error *err, const char *file,
		       const char *where, const char *name)
{
	char names[256];
	size_t n = 0;

	names[0] = '\0';
	for (int s = SRC_FENTRY; s < SRC_NR && n < sizeof(names); s++)
		n += snprintf(names + n, sizeof(names) - n, "%s %s",
			      s == SRC_FENTRY ? "" : ",", src_name(s));
	zs_error_set(err, true, "%s: field %ssource: unknown source '%.40s' (one of%s)",
		     file, where, name, names);
}

/*
 * The largest magnitude a value may have: 64-bit counters end near
 * 1.8e19, and the statistics square values twice (a variance, then
 * Welch's degrees of freedom), so 1e30 keeps every step finite.
 */
#define VALUE_MAX 1e30

/* Units of quantities that cannot be negative (all the toolkit writes). */
bool unit_is_count(const char *unit)
{
	static const char *const units[] = {
		"calls", "pages", "bios", "events", "bytes", "ratio",
		"ns", "us", "ms", "s",
	};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(unit, units[i]))
			return true;
	return false;
}

/* Called for every value read: the message is written on failure only. */
int record_check_value(const char *file, const char *kind, const char *name,
		       const char *unit, double v, struct zs_error *err)
{
	if (isnan(v) || isinf(v)) {
		zs_error_set(err, true, "%s: %s %s: value is not a finite number",
			     file, kind, name);
		return -1;
	}
	if (fabs(v) > VALUE_MAX) {
		zs_error_set(err, true, "%s: %s %s: value %g out of range (more than %g)",
			     file, kind, name, v, VALUE_MAX);
		return -1;
	}
	if (v < 0 && unit && unit_is_count(unit)) {
		zs_error_set(err, true, "%s: %s %s: negative %s (%g)",
			     file, kind, name, unit, v);
		return -1;
	}
	return 0;
}

/* A key of field what longer than a name: the reason first, then the key cut. */
static int name_too_long(const char *file, const char *what, const char *name,
			 struct zs_error *err)
{
	char why[256];

	if (!metric_name_length_check(name, why, sizeof(why)))
		return 0;
	return zs_error_set(err, true, "%s: field %s: a %s", file, what, why);
}

static int load_metrics(json_object *metrics, struct record *rec,
			const char *file, struct zs_error *err)
{
	if (metric_set_reserve(&rec->metrics, json_object_object_length(metrics))) {
		zs_error_set(err, true, "%s: out of memory", file);
		return -1;
	}
	json_object_object_foreach(metrics, name, val) {
		char where[METRIC_NAME_LEN + 16];
		json_object *v, *unit, *src;
		enum zs_src s;
		struct metric *m;

		if (name_too_long(file, "metrics", name, err))
			return -1;
		snprintf(where, sizeof(where), "metrics.%s.", name);
		if (!json_object_is_type(val, json_type_object)) {
			zs_error_set(err, true, "%s: field metrics.%s: expected object",
				 file, name);
			return -1;
		}
		if (!get_typed(val, "value", json_type_double, true, &v, file,
			       where, err) ||
		    !get_typed(val, "unit", json_type_string, false, &unit, file,
			       where, err) ||
		    !get_typed(val, "source", json_type_string, false, &src,
			       file, where, err))
			return -1;
		s = src_from_name(json_object_get_string(src));
		if (s == SRC_END) {
			bad_source(err, file, where, json_object_get_string(src));
			return -1;
		}
		if (v) {
			double d = json_object_get_double(v);

			if (record_check_value(file, "metric", name,
					       json_object_get_string(unit), d, err))
				return -1;
			m = metric_set_value(&rec->metrics, name,
					     json_object_get_string(unit), s, d);
		} else {
			json_object *r = NULL;

			json_object_object_get_ex(val, "reason", &r);
			m = metric_set_na(&rec->metrics, name,
					  json_object_get_string(unit),
					  r ? json_object_get_string(r) : "");
		}
		if (!m) {
			zs_error_set(err, true, "%s: out of memory", file);
			return -1;
		}
	}
	return 0;
}

static int load_hists(json_object *hists, struct record *rec,
		      const char *file, struct zs_error *err)
{
	json_object_object_foreach(hists, name, val) {
		char where[METRIC_NAME_LEN + 16];
		json_object *unit, *src, *kind, *buckets, *sum;
		struct hist h = {};
		size_t n;

		if (name_too_long(file, "histograms", name, err))
			return -1;
		snprintf(where, sizeof(where), "histograms.%s.", name);
		if (!json_object_is_type(val, json_type_object)) {
			zs_error_set(err, true, "%s: field histograms.%s: expected object",
				 file, name);
			return -1;
		}
		if (!get_typed(val, "unit", json_type_string, false, &unit, file, where, err) ||
		    !get_typed(val, "source", json_type_string, false, &src, file, where, err) ||
		    !get_typed(val, "kind", json_type_string, false, &kind, file, where, err) ||
		    !get_typed(val, "sum", json_type_double, false, &sum, file, where, err) ||
		    !get_typed(val, "buckets", json_type_array, false, &buckets, file, where, err))
			return -1;
		if (src_from_name(json_object_get_string(src)) == SRC_END) {
			bad_source(err, file, where, json_object_get_string(src));
			return -1;
		}
		h.sum = json_object_get_double(sum);
		{
			char what[METRIC_NAME_LEN + 8];

			snprintf(what, sizeof(what), "%s sum", name);
			if (record_check_value(file, "histogram", what,
					       json_object_get_string(unit), h.sum, err))
				return -1;
		}
		if (!strcmp(json_object_get_string(kind), "log2"))
			h.kind = HIST_LOG2;
		else if (!strcmp(json_object_get_string(kind), "linear"))
			h.kind = HIST_LINEAR;
		else {
			zs_error_set(err, true, "%s: field %skind: unknown kind (log2 or linear)",
				 file, where);
			return -1;
		}
		n = json_object_array_length(buckets);
		for (size_t i = 0; i < n; i++) {
			json_object *b = json_object_array_get_idx(buckets, i);
			json_object *slot, *count;
			int s;

			snprintf(where, sizeof(where), "histograms.%s.buckets[%zu].",
				 name, i);
			if (!json_object_is_type(b, json_type_object) ||
			    !get_typed(b, "slot", json_type_int, false, &slot, file, where, err) ||
			    !get_typed(b, "count", json_type_int, false, &count, file, where, err))
				return -1;
			s = json_object_get_int(slot);
			if (s < 0 || s >= HIST_SLOTS || json_object_get_int64(count) < 0) {
				zs_error_set(err, true, "%s: field %s: slot or count out of range",
					 file, where);
				return -1;
			}
			h.slots[s] = json_object_get_uint64(count);
		}
		if (!metric_set_hist(&rec->metrics, name, json_object_get_string(unit),
				     src_from_name(json_object_get_string(src)), &h)) {
			zs_error_set(err, true, "%s: out of memory", file);
			return -1;
		}
	}
	return 0;
}

/* "param_changes" (records before it have none): the first ones kept. */
static int load_param_changes(json_object *a, struct record *rec,
			      const char *file, struct zs_error *err)
{
	struct record_meta *m = &rec->meta;

	if (!json_object_is_type(a, json_type_array)) {
		zs_error_set(err, true, "%s: field param_changes: expected array", file);
		return -1;
	}
	for (size_t i = 0; i < json_object_array_length(a); i++) {
		json_object *c = json_object_array_get_idx(a, i), *p, *f, *t, *at;
		struct param_change *pc = &m->param_changes[m->nr_param_changes];
		char where[48];

		snprintf(where, sizeof(where), "param_changes[%zu].", i);
		if (!json_object_is_type(c, json_type_object)) {
			zs_error_set(err, true, "%s: field param_changes[%zu]: expected "
				     "object", file, i);
			return -1;
		}
		if (!get_typed(c, "param", json_type_string, false, &p, file, where, err) ||
		    !get_typed(c, "from", json_type_string, false, &f, file, where, err) ||
		    !get_typed(c, "to", json_type_string, false, &t, file, where, err) ||
		    !get_typed(c, "at_s", json_type_double, false, &at, file, where, err) ||
		    record_check_value(file, "field", "param_changes[].at_s", "s",
				       json_object_get_double(at), err))
			return -1;
		if (m->nr_param_changes == PARAM_CHANGES_MAX)
			continue;
		copy_str(pc->param, sizeof(pc->param), p);
		copy_str(pc->from, sizeof(pc->from), f);
		copy_str(pc->to, sizeof(pc->to), t);
		pc->at_s = json_object_get_double(at);
		m->nr_param_changes++;
	}
	return 0;
}

int record_load(const char *path, struct record *rec, struct zs_error *err)
{
	size_t n;
	char *text;
	int ret;

	memset(rec, 0, sizeof(*rec));
	text = read_file_explained(path, RECORD_MAX_BYTES, &n, err);
	if (!text)
		return -1;
	ret = record_parse(path, text, n, rec, err);
	free(text);
	return ret;
}

int record_parse(const char *path, const char *text, size_t n,
		 struct record *rec, struct zs_error *err)
{
	struct json_tokener *tok;
	json_object *root = NULL, *v, *o;
	const char *nul = memchr(text, '\0', n);
	size_t end;
	int ret = -1;

	memset(rec, 0, sizeof(*rec));
	if (nul) {
		zs_error_set(err, true, "%s: at byte %zu: a NUL byte (not a text file)",
			 path, (size_t)(nul - text));
		return -1;
	}
	tok = json_tokener_new();
	if (!tok) {
		zs_error_set(err, true, "%s: out of memory", path);
		return -1;
	}
	root = json_tokener_parse_ex(tok, text, n);
	if (!root || json_tokener_get_error(tok) != json_tokener_success) {
		enum json_tokener_error e = json_tokener_get_error(tok);

		zs_error_set(err, true, "%s: at byte %zu: %s", path,
			 json_tokener_get_parse_end(tok),
			 e == json_tokener_continue ? "unexpected end of file (truncated?)" :
			 json_tokener_error_desc(e));
		goto out;
	}
	/* the whole length: anything after the value is an error */
	for (end = json_tokener_get_parse_end(tok); end < n; end++)
		if (!strchr(" \t\r\n", text[end]))
			break;
	if (end < n) {
		zs_error_set(err, true, "%s: at byte %zu: trailing data after the record",
			 path, end);
		goto out;
	}
	if (!json_object_is_type(root, json_type_object)) {
		zs_error_set(err, true, "%s: at byte 0: not a JSON object", path);
		goto out;
	}
	if (!get_typed(root, "schema", json_type_string, false, &v, path, "", err))
		goto out;
	if (strcmp(json_object_get_string(v), RECORD_SCHEMA)) {
		char shown[METRIC_NAME_SHOWN * 4 + TEXT_LINE_TAIL];

		zs_error_set(err, true, "%s: field schema: '%s' is not %s", path,
			     text_line(json_object_get_string(v), METRIC_NAME_SHOWN,
				       shown, sizeof(shown)), RECORD_SCHEMA);
		goto out;
	}
	if (!get_typed(root, "kernel", json_type_object, false, &o, path, "", err) ||
	    !get_typed(o, "release", json_type_string, false, &v, path, "kernel.", err))
		goto out;
	copy_str(rec->meta.kernel_release, sizeof(rec->meta.kernel_release), v);
	if (!get_typed(root, "complete", json_type_boolean, false, &v, path, "", err))
		goto out;
	rec->meta.complete = json_object_get_boolean(v);
	if (!get_typed(root, "duration_s", json_type_double, false, &v, path, "", err))
		goto out;
	rec->meta.duration_s = json_object_get_double(v);
	if (record_check_value(path, "field", "duration_s", "s",
			       rec->meta.duration_s, err))
		goto out;
	if (!get_typed(root, "wall_time_s", json_type_double, true, &v, path, "", err))
		goto out;
	rec->meta.wall_time_s = v ? json_object_get_double(v) : -1;
	if (v && record_check_value(path, "field", "wall_time_s", "s",
				    rec->meta.wall_time_s, err))
		goto out;
	if (!get_typed(root, "exit_code", json_type_int, true, &v, path, "", err))
		goto out;
	rec->meta.exit_code = v ? json_object_get_int(v) : -1;
	if (!get_typed(root, "zswap", json_type_object, false, &o, path, "", err))
		goto out;
	/* the zswap parameters of the run, as the header names them */
	for (size_t i = 0; i < NR_ZSWAP_HEADER; i++)
		if (json_object_object_get_ex(o, zswap_header[i].key, &v))
			copy_str((char *)&rec->meta + zswap_header[i].off,
				 zswap_header[i].len, v);
	if (json_object_object_get_ex(root, "param_changes", &o) &&
	    load_param_changes(o, rec, path, err))
		goto out;
	/* the cgroup the command ran in ($CGROUP of claims rows), or null */
	if (json_object_object_get_ex(root, "cgroup", &v) &&
	    json_object_is_type(v, json_type_string))
		copy_str(rec->meta.cgroup, sizeof(rec->meta.cgroup), v);
	/* what wrote it: absent from records older than these fields */
	if (load_optional_str(root, "toolkit_version", rec->meta.toolkit_version,
			      sizeof(rec->meta.toolkit_version), path, err) ||
	    load_optional_str(root, "cmdline", rec->meta.cmdline,
			      sizeof(rec->meta.cmdline), path, err))
		goto out;
	if (!get_typed(root, "metrics", json_type_object, false, &o, path, "", err) ||
	    load_metrics(o, rec, path, err))
		goto out;
	if (!get_typed(root, "histograms", json_type_object, false, &o, path, "", err) ||
	    load_hists(o, rec, path, err))
		goto out;
	ret = 0;
out:
	if (ret)
		metric_set_free(&rec->metrics);
	json_object_put(root);
	json_tokener_free(tok);
	return ret;
}

void record_free(struct record *rec)
{
	metric_set_free(&rec->metrics);
}

/* A zswap parameter as the record's header has it, NULL if unknown. */
const char *record_zswap_param(const struct record_meta *m, const char *name)
{
	for (size_t i = 0; i < NR_ZSWAP_HEADER; i++)
		if (!strcmp(name, zswap_header[i].key))
			return (const char *)m + zswap_header[i].off;
	return NULL;
}

void record_note(struct record_meta *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->notes[m->nr_notes < 12 ? m->nr_notes++ : 11],
		  sizeof(m->notes[0]), fmt, ap);
	va_end(ap);
}

/*
 * Per option: the family only it adds to a record (lock_contentions is
 * always there with --locks, zswap_wb_bios with --iocost), and its
 * programs that run inside the timed calls (NULL: none does). Measured
 * in the guest tier (record.test.sh): docs/zswap-lockstat.md, "Latency
 * histograms under --locks and --iocost".
 */
static const struct {
	const char *name;
	int family;
	const char *probes;
} probe_opts[RPO_NR] = {
	[RPO_LOCKS] = { "--locks", MF_LOCK_CONTENTIONS,
			"contention_begin/end, zswap call brackets" },
	[RPO_IOCOST] = { "--iocost", MF_ZSWAP_WB_BIOS,
			 "sched_switch, bio accounting" },
};

const char *record_probe_opt_name(int opt)
{
	return opt >= 0 && opt < RPO_NR ? probe_opts[opt].name : "?";
}

bool record_probe_opt_inflates(int opt)
{
	return opt >= 0 && opt < RPO_NR && probe_opts[opt].probes;
}

unsigned int record_probe_opts(const struct metric_set *ms)
{
	unsigned int opts = 0;

	for (size_t i = 0; i < ms->n; i++)
		for (int o = 0; o < RPO_NR; o++)
			if (ms->m[i].id.fam == metric_family(probe_opts[o].family))
				opts |= RPO_BIT(o);
	return opts;
}

bool record_has_latency(const struct metric_set *ms)
{
	static const int lat[] = {
		MF_STORE_LATENCY, MF_LOAD_LATENCY, MF_WRITEBACK_LATENCY,
	};

	for (size_t i = 0; i < ms->nh; i++)
		for (size_t k = 0; k < sizeof(lat) / sizeof(lat[0]); k++)
			if (ms->h[i].id.fam == metric_family(lat[k]))
				return true;
	return false;
}

void record_note_probes(struct record_meta *m, unsigned int opts,
			const struct metric_set *ms)
{
	if (!record_has_latency(ms))
		return;
	for (int o = 0; o < RPO_NR; o++)
		if ((opts & RPO_BIT(o)) && probe_opts[o].probes)
			record_note(m, "%s: latency histograms include its probes' "
				    "cost (%s), so they read higher than without "
				    "it: zswap-lockstat.md", probe_opts[o].name,
				    probe_opts[o].probes);
}
