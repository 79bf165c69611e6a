# SPDX-License-Identifier: GPL-2.0
# A fleet's day as OpenMetrics text for `promtool tsdb create-blocks-from
# openmetrics`: ARMS (comma-separated) of HOSTS hosts each, samples every
# STEP seconds from T_END - SPAN to T_END. Each host carries what node_exporter
# would serve with zswap-export's textfile beside it: the label arm="ARM",
# instance="ARM-hNNN:9100", job="node", and
#   zswap_written_back_pages_total   counter, 50 pages/s x effect wb
#   zswap_store_calls_total          counter, 1000/s, no effect
#   zswap_cgroup_zswap_bytes         gauge of cgroup CGROUP, 1 GB x effect pool,
#                                    +-20% over the day
#   zswap_store_latency_seconds      histogram, exponential of mean 2 us
#   node_pressure_memory_stalled_seconds_total  counter, 0.02 s/s x effect psi
#   app_request_duration_seconds     histogram, exponential of mean 10 ms x
#                                    effect app, 200 requests/s
# Each host's level is drawn once: x (1 + 5% noise, uniform, sd 5%). The
# effects are per arm: EFFECT_wb="1,1,1.3" etc. (one factor per arm).
# Holes, to test them: MISSING="arm:host" has no psi series, and
# IDLE="arm:host" serves no application request (its quantile is NaN).
# EXTRA=N adds N more counters per host (zswap_fleet_extra_N_total, no
# effect) for the scale benchmark.
function noise() { return 1 + (rand() * 2 - 1) * 0.05 * sqrt(3) }
function eff(name, a,    f) { split(E[name], f, ","); return f[a] + 0 }
function hist(name, lbl, les, nles, mean, n, t,    i, c) {
	for (i = 1; i <= nles; i++) {
		c = int(n * (1 - exp(-les[i] / mean)))
		printf "%s_bucket{%s,le=\"%s\"} %d %d\n", name, lbl, les[i], c, t
	}
	printf "%s_bucket{%s,le=\"+Inf\"} %d %d\n", name, lbl, n, t
	printf "%s_count{%s} %d %d\n", name, lbl, n, t
	printf "%s_sum{%s} %.6f %d\n", name, lbl, n * mean, t
}
BEGIN {
	srand(SEED ? SEED : 1)
	na = split(ARMS, arm, ",")
	E["wb"] = EFFECT_wb; E["pool"] = EFFECT_pool; E["psi"] = EFFECT_psi
	E["app"] = EFFECT_app
	nsl = split("5.12e-07,1.024e-06,2.048e-06,4.096e-06,8.192e-06,1.6384e-05,3.2768e-05", sl, ",")
	nal = split("0.001,0.0025,0.005,0.01,0.025,0.05,0.1,0.25,0.5,1", al, ",")
	start = T_END - SPAN
	# per host levels, drawn once
	for (a = 1; a <= na; a++)
		for (h = 1; h <= HOSTS; h++) {
			k = a SUBSEP h
			wb[k] = 50 * eff("wb", a) * noise()
			calls[k] = 1000 * noise()
			pool[k] = 1e9 * eff("pool", a) * noise()
			slat[k] = 2e-6 * noise()
			psi[k] = 0.02 * eff("psi", a) * noise()
			alat[k] = 0.01 * eff("app", a) * noise()
			for (x = 1; x <= EXTRA; x++)
				extra[k, x] = 100 * noise()
		}
	split("zswap_written_back_pages_total counter,zswap_store_calls_total counter," \
	      "zswap_cgroup_zswap_bytes gauge,zswap_store_latency_seconds histogram," \
	      "node_pressure_memory_stalled_seconds_total counter," \
	      "app_request_duration_seconds histogram", type, ",")
	for (x = 1; x <= EXTRA; x++)
		type[6 + x] = sprintf("zswap_fleet_extra_%d_total counter", x)
	# OpenMetrics wants each family's samples together, a series' in time order
	for (a = 1; a <= na; a++) for (h = 1; h <= HOSTS; h++) {
		k = a SUBSEP h
		lbl[k] = sprintf("arm=\"%s\",instance=\"%s-h%03d:9100\",job=\"node\"",
				 arm[a], arm[a], h)
		miss[k] = MISSING == arm[a] ":" h
		idle[k] = IDLE == arm[a] ":" h
	}
	for (f = 1; f <= 6 + EXTRA; f++) {
		print "# TYPE " type[f]
		for (a = 1; a <= na; a++) for (h = 1; h <= HOSTS; h++) {
			k = a SUBSEP h
			if (f == 5 && miss[k])
				continue
			for (t = start; t <= T_END; t += STEP) {
				d = t - start
				if (f == 1)
					printf "zswap_written_back_pages_total{%s} %d %d\n", lbl[k], wb[k] * d, t
				else if (f == 2)
					printf "zswap_store_calls_total{%s} %d %d\n", lbl[k], calls[k] * d, t
				else if (f == 3)
					printf "zswap_cgroup_zswap_bytes{%s,cgroup=\"%s\"} %d %d\n", lbl[k],
						CGROUP, pool[k] * (1 + 0.2 * sin(d / 86400 * 6.2832)), t
				else if (f == 4)
					hist("zswap_store_latency_seconds", lbl[k], sl, nsl, slat[k],
					     int(calls[k] * d), t)
				else if (f == 5)
					printf "node_pressure_memory_stalled_seconds_total{%s} %.3f %d\n",
						lbl[k], psi[k] * d, t
				else if (f == 6)
					hist("app_request_duration_seconds", lbl[k], al, nal, alat[k],
					     idle[k] ? 0 : int(200 * d), t)
				else
					printf "zswap_fleet_extra_%d_total{%s} %d %d\n", f - 6, lbl[k],
						extra[k, f - 6] * d, t
			}
		}
	}
	print "# EOF"
}
