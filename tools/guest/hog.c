// SPDX-License-Identifier: GPL-2.0
/*
 * hog - allocate anonymous memory with a known compressibility and touch
 * it, so that a memory-limited cgroup swaps through zswap.
 *
 * Usage: hog MiB [PASSES [RANDOM_BYTES_PER_PAGE [READY_FILE]]]
 *
 * Each 4 KiB page gets RANDOM_BYTES_PER_PAGE (default 1024) pseudo-random
 * bytes followed by zeros: about 1 KiB compressed, small enough for zbud
 * to pair two pages (it needs each under ~2 KiB).  Pass 1 writes every
 * page, later passes read and rewrite them, which swaps them back in.
 * With READY_FILE, hog then creates that file and sleeps until killed,
 * holding its memory, so the caller can read the counters of a live
 * zswap pool.
 * Built static (gcc -static) so it runs in the busybox guests.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>

#define PAGE 4096

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

int main(int argc, char **argv)
{
	size_t mib, pages, rnd, i, j;
	unsigned long passes, p, sum = 0;
	unsigned char *mem;

	if (argc < 2) {
		fprintf(stderr, "usage: %s MiB [PASSES [RANDOM_BYTES_PER_PAGE [READY_FILE]]]\n",
			argv[0]);
		return 2;
	}
	mib = strtoul(argv[1], NULL, 0);
	passes = argc > 2 ? strtoul(argv[2], NULL, 0) : 2;
	rnd = argc > 3 ? strtoul(argv[3], NULL, 0) : 1024;
	if (rnd > PAGE)
		rnd = PAGE;
	pages = mib * 1024 * 1024 / PAGE;

	mem = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (p = 0; p < passes; p++) {
		for (i = 0; i < pages; i++) {
			unsigned char *pg = mem + i * PAGE;

			sum += pg[0];	/* faults a swapped page back in */
			for (j = 0; j + 8 <= rnd; j += 8) {
				uint64_t v = xorshift();

				memcpy(pg + j, &v, 8);
			}
			if (p == 0)
				memset(pg + rnd, 0, PAGE - rnd);
		}
	}
	printf("hog: %zu MiB, %lu passes, %zu random bytes/page, sum %lu\n",
	       mib, passes, rnd, sum);
	if (argc > 4) {
		fflush(stdout);
		close(open(argv[4], O_WRONLY | O_CREAT, 0644));
		for (;;)
			pause();
	}
	return 0;
}
