/* oracle.h - every scheme written again as plain expressions, straight from
 * SCHEMES.md, the way kdev_t.h and the BSD headers write them: an oracle
 * that shares nothing with the library's field table. */
#ifndef ORACLE_H
#define ORACLE_H

#include <stdint.h>

/* 0 and *raw, or -1 if the scheme cannot hold the tuple. */
int ref_encode(const char *scheme, uint64_t major, uint64_t minor, uint64_t *raw);

/* 0 canonical, 1 noncanonical alias (*canon set), -1 invalid. */
int ref_decode(const char *scheme, uint64_t raw, uint64_t *major,
	       uint64_t *minor, uint64_t *canon);

extern const char *const ref_schemes[];

#endif
