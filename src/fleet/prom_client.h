/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instant queries to a Prometheus HTTP API (Prometheus, Thanos, Mimir,
 * VictoriaMetrics: POST /api/v1/query) through libcurl, answers read with
 * json-c: one value per value of a host label. Every failure is an error
 * that says which (the server unreachable, an HTTP status, the server's
 * PromQL error quoted, no answer within the timeout, an answer larger
 * than 256 MiB or not one series per host), on one line whatever the
 * server sent (its text's control characters escaped); a
 * value that is not a number (NaN, Inf) is kept as such for the caller
 * to count, never read as 0. TLS verifies against the system's CAs.
 *
 * The guests' statically linked copy (build/static/zswap-gate) has no
 * libcurl: prom_client_open() then fails saying so.
 */
#ifndef __PROM_CLIENT_H
#define __PROM_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include "zs_error.h"

/* A query's connect and answer together, unless --timeout says: a CI job's. */
#define PROM_TIMEOUT_MS 30000L

/* How to reach a server: the files each NULL or a path. */
struct prom_access {
	const char *bearer_file;	/* a bearer token */
	const char *basic_file;		/* user:password for basic auth */
	const char *ca_file;		/* PEM CAs to trust, not the system's */
	long timeout_ms;		/* a query's, 0: PROM_TIMEOUT_MS */
};

struct prom_client {
	char url[512];		/* the base URL, without a trailing / */
	char bearer[4096];	/* a token from --bearer-token-file, or "" */
	char basic[1024];	/* user:password from --basic-auth-file, or "" */
	const char *ca_file;	/* --ca-file, or NULL: the system's CAs */
	long timeout_ms;	/* --timeout: connect and answer together */
	void *curl;
	size_t nr_queries;
};

struct prom_sample {
	char host[128];		/* the value of the host label */
	double v;
};

struct prom_vector {
	struct prom_sample *s;
	size_t n;
};

/*
 * The token and user:password files hold one line (surrounding blanks
 * dropped); the CA file is checked readable here, its certificates when
 * an https:// URL connects. -1 with err.
 */
int prom_client_open(struct prom_client *c, const char *url,
		     const struct prom_access *a, struct zs_error *err);
/*
 * expr at time at ("" now; RFC 3339 or Unix seconds), its series keyed
 * by label by: -1 with err (err->usage false: the server or the network
 * failed; true: the query, or its answer's shape, is the user's).
 */
int prom_query(struct prom_client *c, const char *expr, const char *at,
	       const char *by, struct prom_vector *out, struct zs_error *err);
void prom_vector_free(struct prom_vector *v);
/*
 * An answer's body (HTTP status status) read as prom_query() reads it:
 * the vector keyed by label by, or -1 with the server's error quoted
 * (expr only names the query in messages).
 */
int prom_answer_parse(const char *body, size_t len, long status,
		      const char *by, const char *expr,
		      struct prom_vector *out, struct zs_error *err);
void prom_client_close(struct prom_client *c);

#endif /* __PROM_CLIENT_H */
