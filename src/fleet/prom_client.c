// SPDX-License-Identifier: GPL-2.0
/* Prometheus instant queries over HTTP (prom_client.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "name_index.h"
#include "prom_client.h"
#include "text_clean.h"

#define PROM_MAX_ANSWER (256UL << 20)

/* The file's first line, blanks around it dropped; -1 with err. */
static int read_secret(const char *path, const char *what, char *out,
		       size_t len, struct zs_error *err)
{
	FILE *f = fopen(path, "r");
	size_t n;
	char *s;

	if (!f)
		return zs_error_set(err, true, "%s %s: %s", what, path,
				    strerror(errno));
	s = fgets(out, (int)len, f) ? out : NULL;
	fclose(f);
	if (!s)
		return zs_error_set(err, true, "%s %s: empty", what, path);
	while (isspace((unsigned char)*s))
		s++;
	memmove(out, s, strlen(s) + 1);
	n = strlen(out);
	while (n && isspace((unsigned char)out[n - 1]))
		out[--n] = '\0';
	if (!n || n == len - 1)
		return zs_error_set(err, true, "%s %s: want one line of at most "
				    "%zu characters", what, path, len - 2);
	return 0;
}

/* Reading a number: "NaN", "+Inf" as strtod reads them, else an error. */
static int sample_value(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return end == s || *end ? -1 : 0;
}

void prom_vector_free(struct prom_vector *v)
{
	free(v->s);
	v->s = NULL;
	v->n = 0;
}

/* s for an error line: one line, controls escaped, at most max bytes */
#define SHOWN(s, max) text_line((s), (max), (char[(max) * 4 + TEXT_LINE_TAIL]){ 0 }, \
				(max) * 4 + TEXT_LINE_TAIL)

/* One series of the answer into s; -1 with err. */
static int read_sample(json_object *r, const char *by, const char *expr,
		       struct prom_sample *s, struct zs_error *err)
{
	json_object *m, *val, *h;
	const char *vs;

	if (!json_object_object_get_ex(r, "metric", &m) ||
	    !json_object_object_get_ex(r, "value", &val) ||
	    json_object_array_length(val) != 2)
		return zs_error_set(err, false, "a series of the answer without "
				    "metric and value: %.300s", expr);
	if (!json_object_object_get_ex(m, by, &h))
		return zs_error_set(err, true, "a series without the label '%s' "
				    "(%.200s): the query must keep it (sum by "
				    "(%s) (...)): %.300s", by,
				    json_object_to_json_string(m), by, expr);
	snprintf(s->host, sizeof(s->host), "%s", json_object_get_string(h));
	vs = json_object_get_string(json_object_array_get_idx(val, 1));
	if (!vs || sample_value(vs, &s->v))
		return zs_error_set(err, false, "%s '%s': value '%s' is not a "
				    "number", by, SHOWN(s->host, 128),
				    SHOWN(vs ? vs : "", 64));
	return 0;
}

/*
 * The answer's vector into out, one series per host (found by a hash:
 * 100,000 series are read in linear time); -1 with err for any other
 * shape.
 */
static int read_vector(json_object *data, const char *by, const char *expr,
		       struct prom_vector *out, struct zs_error *err)
{
	struct name_index seen = {};
	json_object *type, *res;
	int ret = 0;
	size_t n;

	if (!json_object_object_get_ex(data, "resultType", &type) ||
	    !json_object_object_get_ex(data, "result", &res) ||
	    !json_object_is_type(res, json_type_array))
		return zs_error_set(err, false, "Prometheus answered without a "
				    "result to: %.300s", expr);
	if (strcmp(json_object_get_string(type), "vector"))
		return zs_error_set(err, true, "the query gives a %s, not one "
				    "series per %s: %.300s",
				    SHOWN(json_object_get_string(type), 40), by, expr);
	n = json_object_array_length(res);
	out->s = calloc(n ? n : 1, sizeof(*out->s));
	if (!out->s)
		return zs_error_set(err, false, "out of memory");
	for (size_t i = 0; i < n && !ret; i++) {
		json_object *r = json_object_array_get_idx(res, i), *m = NULL;
		struct prom_sample *s = &out->s[out->n];

		ret = read_sample(r, by, expr, s, err);
		if (ret)
			break;
		if (name_index_find(&seen, s->host, out->s, sizeof(*s)) !=
		    NAME_INDEX_NONE) {
			json_object_object_get_ex(r, "metric", &m);
			ret = zs_error_set(err, true, "%s '%s' has more than one "
					   "series in the answer (%.200s): narrow "
					   "the --arm matchers, or sum by (%s): "
					   "%.300s", by, SHOWN(s->host, 128),
					   json_object_to_json_string(m), by, expr);
		} else if (name_index_add(&seen, out->n, out->s, sizeof(*s))) {
			ret = zs_error_set(err, false, "out of memory");
		} else {
			out->n++;
		}
	}
	name_index_free(&seen);
	return ret;
}

int prom_answer_parse(const char *body, size_t len, long status,
		      const char *by, const char *expr,
		      struct prom_vector *out, struct zs_error *err)
{
	json_tokener *tok = json_tokener_new();
	json_object *o = tok ? json_tokener_parse_ex(tok, body, (int)len) : NULL;
	json_object *st, *e = NULL, *et = NULL, *data;
	int ret;

	memset(out, 0, sizeof(*out));

	if (tok)
		json_tokener_free(tok);
	if (!o || !json_object_object_get_ex(o, "status", &st)) {
		ret = zs_error_set(err, false, "HTTP %ld, not a Prometheus API "
				   "answer: %s", status,
				   len ? SHOWN(body, 200) : "(empty)");
	} else if (strcmp(json_object_get_string(st), "success")) {
		json_object_object_get_ex(o, "error", &e);
		json_object_object_get_ex(o, "errorType", &et);
		/* bad_data: the query is wrong; execution, timeout: the server */
		ret = zs_error_set(err, et && !strcmp(json_object_get_string(et),
						     "bad_data"),
				   "Prometheus: %s error (HTTP %ld): \"%s\" in "
				   "the query: %.400s", et ?
				   SHOWN(json_object_get_string(et), 40) : "an",
				   status, e ? SHOWN(json_object_get_string(e), 300) : "",
				   expr);
	} else if (status / 100 != 2) {
		ret = zs_error_set(err, false, "HTTP %ld with a success status: "
				   "%s", status, SHOWN(body, 200));
	} else if (!json_object_object_get_ex(o, "data", &data)) {
		ret = zs_error_set(err, false, "Prometheus answered no data to: "
				   "%.300s", expr);
	} else {
		ret = read_vector(data, by, expr, out, err);
	}
	json_object_put(o);
	if (ret)
		prom_vector_free(out);
	return ret;
}

#ifdef HAVE_LIBCURL
#include <curl/curl.h>

struct body {
	char *p;
	size_t n, cap;
	bool too_large;		/* past PROM_MAX_ANSWER: curl told to stop */
};

static size_t on_data(char *data, size_t size, size_t nmemb, void *ctx)
{
	struct body *b = ctx;
	size_t n = size * nmemb, cap = b->cap ? b->cap : 65536;
	char *p;

	if (b->n + n + 1 > PROM_MAX_ANSWER) {
		b->too_large = true;
		return 0;	/* curl fails the transfer */
	}
	while (cap < b->n + n + 1)
		cap *= 2;
	if (cap > PROM_MAX_ANSWER)
		cap = PROM_MAX_ANSWER;
	if (cap != b->cap) {
		p = realloc(b->p, cap);
		if (!p)
			return 0;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, data, n);
	b->n += n;
	b->p[b->n] = '\0';
	return n;
}

/* A duration in ms as --timeout takes it: 30s, 1500ms. */
static void ms_text(long ms, char *buf, size_t len)
{
	snprintf(buf, len, ms % 1000 ? "%ldms" : "%lds", ms % 1000 ? ms : ms / 1000);
}

/* The failed transfer's error: the limit named when one stopped it. */
static int transfer_error(const struct prom_client *c, CURLcode rc,
			  const struct body *b, const char *errbuf,
			  struct zs_error *err)
{
	const char *curl_says = errbuf[0] ? errbuf : curl_easy_strerror(rc);
	char t[32];

	if (b->too_large || rc == CURLE_FILESIZE_EXCEEDED)
		return zs_error_set(err, false, "Prometheus at %s: the answer is "
				    "larger than %lu MiB, the most an answer may "
				    "be (narrow the row's query or the --arm "
				    "matchers)", c->url, PROM_MAX_ANSWER >> 20);
	if (rc == CURLE_OPERATION_TIMEDOUT) {
		ms_text(c->timeout_ms, t, sizeof(t));
		return zs_error_set(err, false, "Prometheus at %s: no answer within "
				    "--timeout %s (connect and answer together): "
				    "%s", c->url, t, curl_says);
	}
	return zs_error_set(err, false, "Prometheus at %s: %s", c->url, curl_says);
}

int prom_client_open(struct prom_client *c, const char *url,
		     const struct prom_access *a, struct zs_error *err)
{
	size_t n = strlen(url);
	FILE *ca;

	memset(c, 0, sizeof(*c));
	if (strncmp(url, "http://", 7) && strncmp(url, "https://", 8))
		return zs_error_set(err, true, "--prometheus %s: want an http:// "
				    "or https:// URL", url);
	while (n && url[n - 1] == '/')
		n--;
	if (n >= sizeof(c->url))
		return zs_error_set(err, true, "--prometheus: URL too long");
	snprintf(c->url, sizeof(c->url), "%.*s", (int)n, url);
	c->timeout_ms = a->timeout_ms ? a->timeout_ms : PROM_TIMEOUT_MS;
	if ((a->bearer_file && read_secret(a->bearer_file, "--bearer-token-file",
					   c->bearer, sizeof(c->bearer), err)) ||
	    (a->basic_file && read_secret(a->basic_file, "--basic-auth-file",
					  c->basic, sizeof(c->basic), err)))
		return -1;
	if (c->basic[0] && !strchr(c->basic, ':'))
		return zs_error_set(err, true, "--basic-auth-file %s: want "
				    "user:password", a->basic_file);
	if (a->ca_file && strncmp(url, "https://", 8))
		return zs_error_set(err, true, "--ca-file %s: the URL %s is not "
				    "https://", a->ca_file, url);
	if (a->ca_file) {
		ca = fopen(a->ca_file, "r");
		if (!ca)
			return zs_error_set(err, true, "--ca-file %s: %s",
					    a->ca_file, strerror(errno));
		fclose(ca);
		c->ca_file = a->ca_file;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT))
		return zs_error_set(err, false, "libcurl failed to initialise");
	c->curl = curl_easy_init();
	if (!c->curl)
		return zs_error_set(err, false, "libcurl failed to initialise");
	return 0;
}

int prom_query(struct prom_client *c, const char *expr, const char *at,
	       const char *by, struct prom_vector *out, struct zs_error *err)
{
	CURL *h = c->curl;
	struct curl_slist *hdr = NULL;
	struct body b = {};
	char endpoint[600], errbuf[CURL_ERROR_SIZE] = "", *q, *form, auth[4200];
	long status = 0;
	CURLcode rc;
	int ret;

	memset(out, 0, sizeof(*out));
	q = curl_easy_escape(h, expr, 0);
	if (!q)
		return zs_error_set(err, false, "out of memory");
	form = malloc(strlen(q) + strlen(at) * 3 + 32);
	if (!form) {
		curl_free(q);
		return zs_error_set(err, false, "out of memory");
	}
	sprintf(form, "query=%s", q);
	curl_free(q);
	if (at[0]) {
		q = curl_easy_escape(h, at, 0);
		sprintf(form + strlen(form), "&time=%s", q ? q : "");
		curl_free(q);
	}
	snprintf(endpoint, sizeof(endpoint), "%s/api/v1/query", c->url);
	curl_easy_reset(h);
	curl_easy_setopt(h, CURLOPT_URL, endpoint);
	curl_easy_setopt(h, CURLOPT_POSTFIELDS, form);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, &b);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, c->timeout_ms);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, c->timeout_ms);
	curl_easy_setopt(h, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)PROM_MAX_ANSWER);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(h, CURLOPT_USERAGENT, "zswap-gate");
	if (c->bearer[0]) {
		snprintf(auth, sizeof(auth), "Authorization: Bearer %s", c->bearer);
		hdr = curl_slist_append(hdr, auth);
		curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdr);
	}
	if (c->basic[0]) {
		curl_easy_setopt(h, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
		curl_easy_setopt(h, CURLOPT_USERPWD, c->basic);
	}
	if (c->ca_file)
		curl_easy_setopt(h, CURLOPT_CAINFO, c->ca_file);
	rc = curl_easy_perform(h);
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	curl_slist_free_all(hdr);
	free(form);
	c->nr_queries++;
	if (rc != CURLE_OK)
		ret = transfer_error(c, rc, &b, errbuf, err);
	else
		ret = prom_answer_parse(b.p ? b.p : "", b.n, status, by, expr, out, err);
	free(b.p);
	return ret;
}

void prom_client_close(struct prom_client *c)
{
	if (c->curl) {
		curl_easy_cleanup(c->curl);
		curl_global_cleanup();
	}
	c->curl = NULL;
}

#else /* !HAVE_LIBCURL: the guests' static copy */

int prom_client_open(struct prom_client *c, const char *url,
		     const struct prom_access *a, struct zs_error *err)
{
	memset(c, 0, sizeof(*c));
	(void)read_secret;
	return zs_error_set(err, true, "this zswap-gate is the guests' "
			    "statically linked copy, without libcurl: "
			    "--prometheus needs the one `make` builds "
			    "(build/zswap-gate, or the installed one)");
}

int prom_query(struct prom_client *c, const char *expr, const char *at,
	       const char *by, struct prom_vector *out, struct zs_error *err)
{
	memset(out, 0, sizeof(*out));
	return zs_error_set(err, true, "no libcurl in this build");
}

void prom_client_close(struct prom_client *c)
{
}

#endif
