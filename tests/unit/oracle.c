/* oracle.c - the reference encodings; see oracle.h. */
#include <string.h>

#include "oracle.h"

#define U32 UINT64_C(0xffffffff)
#define B(n) (UINT64_C(1) << (n))

int ref_id(const char *name)
{
	for (int i = 0; ref_schemes[i]; i++)
		if (!strcmp(ref_schemes[i], name))
			return i;
	return -1;
}

const char *const ref_schemes[] = {
	"legacy", "split32", "hpa", "hpa1220", "tuple", "glibc", "linux32",
	"kernel", "sysv", "xfs", "freebsd", "freebsd11", "openbsd", "darwin",
	"solaris", "solaris32", "svr3", "aix", "aix32", NULL,
};

int ref_encode(int s, uint64_t ma, uint64_t mi, uint64_t *r)
{
	if (s == R_LEGACY) {
		if (ma > 255 || mi > 255) return -1;
		*r = ma << 8 | mi;
	} else if (s == R_SPLIT32) {
		if (ma > U32 || mi > U32 || (ma == 0 && mi >= 256 && mi <= 65535)) return -1;
		*r = ma << 32 | mi;
	} else if (s == R_HPA) {
		if (ma > U32 || mi > U32) return -1;
		*r = (ma & 0xffffff00) << 32 | (mi & 0xffffff00) << 8 | (ma & 0xff) << 8 | (mi & 0xff);
	} else if (s == R_HPA1220) {
		if (ma > U32 || mi > U32) return -1;
		*r = (ma & 0xfffff000) << 32 | (mi & 0xfff00000) << 12 | (ma & 0xf00) << 20 |
		     (mi & 0xfff00) << 8 | (ma & 0xff) << 8 | (mi & 0xff);
	} else if (s == R_TUPLE) {
		if (ma > U32 || mi > U32) return -1;
		*r = ma << 32 | mi;
	} else if (s == R_GLIBC) {
		if (ma > U32 || mi > U32) return -1;
		*r = (ma & 0xfffff000) << 32 | (ma & 0xfff) << 8 | (mi & 0xffffff00) << 12 | (mi & 0xff);
	} else if (s == R_LINUX32) {
		if (ma >= B(12) || mi >= B(20)) return -1;
		*r = (mi & 0xff) | (ma << 8) | ((mi & ~UINT64_C(0xff)) << 12);
	} else if (s == R_KERNEL) {
		if (ma >= B(12) || mi >= B(20)) return -1;
		*r = ma << 20 | mi;
	} else if (s == R_SYSV) {
		if (ma >= B(14) || mi >= B(18)) return -1;
		*r = mi | ma << 18;
	} else if (s == R_XFS) {
		if (ma >= B(9) || mi >= B(18)) return -1;
		*r = mi | ma << 18;
	} else if (s == R_FREEBSD) {
		if (ma > U32 || mi > U32) return -1;
		*r = (ma & 0xffffff00) << 32 | (ma & 0xff) << 8 | (mi & 0xff00) << 24 | (mi & 0xffff00ff);
	} else if (s == R_FREEBSD11) {
		if (ma > 255 || mi > U32 || (mi & 0xff00)) return -1;
		*r = ma << 8 | mi;
	} else if (s == R_OPENBSD) {
		if (ma > 255 || mi >= B(24)) return -1;
		*r = (ma & 0xff) << 8 | (mi & 0xff) | (mi & 0xffff00) << 8;
	} else if (s == R_DARWIN) {
		if (ma > 255 || mi >= B(24)) return -1;
		*r = ma << 24 | mi;
	} else if (s == R_SOLARIS) {
		if (ma > U32 || mi > U32 || (ma == U32 && mi == U32)) return -1;
		*r = ma << 32 | mi;
	} else if (s == R_SOLARIS32) {
		if (ma >= B(14) || mi >= B(18) || (ma == 0x3fff && mi == 0x3ffff)) return -1;
		*r = ma << 18 | mi;
	} else if (s == R_SVR3) {
		if (ma > 127 || mi > 255) return -1;
		*r = ma << 8 | mi;
	} else if (s == R_AIX) {
		if (ma >= B(30) || mi > U32) return -1;
		*r = ma << 32 | mi | B(63);
	} else if (s == R_AIX32) {
		if (ma > 0xffff || mi > 0xffff) return -1;
		*r = ma << 16 | mi;
	} else {
		return -2;
	}
	return 0;
}

int ref_decode(int s, uint64_t r, uint64_t *ma, uint64_t *mi, uint64_t *canon)
{
	*canon = r;
	if (s == R_LEGACY) {
		if (r > 0xffff) return -1;
		*ma = r >> 8, *mi = r & 0xff;
	} else if (s == R_SPLIT32) {
		if (r >= 0x100 && r <= 0xffff) {
			*ma = r >> 8, *mi = r & 0xff, *canon = *ma << 32 | *mi;
			return 1;
		}
		*ma = r >> 32, *mi = r & U32;
	} else if (s == R_HPA) {
		*ma = (r >> 40) << 8 | (r >> 8 & 0xff);
		*mi = (r >> 16 & 0xffffff) << 8 | (r & 0xff);
	} else if (s == R_HPA1220) {
		*ma = (r >> 44) << 12 | (r >> 28 & 0xf) << 8 | (r >> 8 & 0xff);
		*mi = (r >> 32 & 0xfff) << 20 | (r >> 16 & 0xfff) << 8 | (r & 0xff);
	} else if (s == R_TUPLE || s == R_SOLARIS) {
		if (s == R_SOLARIS && r == UINT64_MAX) return -1;
		*ma = r >> 32, *mi = r & U32;
	} else if (s == R_GLIBC) {
		*ma = (r >> 32 & 0xfffff000) | (r >> 8 & 0xfff);
		*mi = (r >> 12 & 0xffffff00) | (r & 0xff);
	} else if (s == R_FREEBSD) {
		*ma = (r >> 32 & 0xffffff00) | (r >> 8 & 0xff);
		*mi = (r >> 24 & 0xff00) | (r & 0xffff00ff);
	} else if (s == R_AIX) {
		*ma = (r & UINT64_C(0x3fffffff00000000)) >> 32, *mi = r & U32;
		*canon = *ma << 32 | *mi | B(63);
		return *canon != r;
	} else if (r > U32) {
		return -1; /* the rest are 32 bits wide, or 16 */
	} else if (s == R_LINUX32) {
		*ma = (r & 0xfff00) >> 8, *mi = (r & 0xff) | (r >> 12 & 0xfff00);
	} else if (s == R_KERNEL) {
		*ma = r >> 20, *mi = r & 0xfffff;
	} else if (s == R_SYSV || s == R_SOLARIS32) {
		if (s == R_SOLARIS32 && r == U32) return -1;
		*ma = r >> 18 & 0x3fff, *mi = r & 0x3ffff;
	} else if (s == R_XFS) {
		*ma = r >> 18 & 0x1ff, *mi = r & 0x3ffff;
		*canon = *ma << 18 | *mi;
		return *canon != r;
	} else if (s == R_FREEBSD11) {
		*ma = r >> 8 & 0xff, *mi = r & 0xffff00ff;
	} else if (s == R_OPENBSD) {
		*ma = r >> 8 & 0xff, *mi = (r & 0xff) | (r & 0xffff0000) >> 8;
	} else if (s == R_DARWIN) {
		*ma = r >> 24 & 0xff, *mi = r & 0xffffff;
	} else if (s == R_SVR3) {
		if (r > 0xffff || (r & 0x8000)) return -1;
		*ma = r >> 8 & 0x7f, *mi = r & 0xff;
	} else if (s == R_AIX32) {
		*ma = r >> 16, *mi = r & 0xffff;
	} else {
		return -2;
	}
	return 0;
}
