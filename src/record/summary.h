/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __SUMMARY_H
#define __SUMMARY_H

#include <stdio.h>
#include "metrics.h"
#include "record.h"

void summary_print(FILE *f, const struct record_meta *meta,
		   const struct metric_set *ms, unsigned long long events);

#endif /* __SUMMARY_H */
