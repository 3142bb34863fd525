/* oracle.h - every scheme written again as plain expressions, straight from
 * devnum-schemes(7), the way kdev_t.h and the BSD headers write them: an oracle
 * that shares nothing with the library's field table. */
#ifndef ORACLE_H
#define ORACLE_H

#include <stdint.h>

/* The schemes, in the order of ref_schemes. */
enum { R_LEGACY, R_SPLIT32, R_HPA, R_HPA1220, R_TUPLE, R_GLIBC, R_LINUX32, R_KERNEL, R_SYSV, R_XFS, R_FREEBSD, R_FREEBSD11, R_OPENBSD, R_DARWIN, R_SOLARIS, R_SOLARIS32, R_SVR3, R_AIX, R_AIX32 };

/* A scheme's number for the functions below, or -1. */
int ref_id(const char *name);

/* 0 and *raw, or -1 if the scheme cannot hold the tuple. */
int ref_encode(int scheme, uint64_t major, uint64_t minor, uint64_t *raw);

/* 0 canonical, 1 noncanonical alias (*canon set), -1 invalid. */
int ref_decode(int scheme, uint64_t raw, uint64_t *major,
	       uint64_t *minor, uint64_t *canon);

extern const char *const ref_schemes[];

#endif
