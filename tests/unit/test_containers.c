/* test_containers.c - libdevnum's container API.  The tables are the
 * library's own, the same the command line reads: this test keeps no copy
 * of them.  It checks what must hold of every row (names found, writer
 * rows pointing at their container, the capacity at its boundary, fields
 * through their text and back), values derived by hand from the formats'
 * definitions, every status, and every pointer that may be NULL. */
#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "devnum.h"
#include "tap.h"

#define C(name) devnum_container_find(name)
#define T(a, b) ((struct devnum_tuple){ (a), (b) })

/* name in upper case: finding ignores ASCII case */
static const char *upper(const char *s, char *buf, size_t size)
{
	size_t i = 0;
	for (; s[i] && i + 1 < size; i++)
		buf[i] = (char)toupper((unsigned char)s[i]);
	buf[i] = 0;
	return buf;
}

static void names(void)
{
	char buf[64], alias[64];
	size_t bad = 0, n = devnum_container_count();
	for (size_t i = 0; i < n; i++) {
		const devnum_container *c = devnum_container_at(i);
		bad += C(upper(devnum_container_name(c), buf, sizeof buf)) != c;
		for (const char *p = devnum_container_aliases(c); *p;) {
			size_t len = strcspn(p, " ");
			snprintf(alias, sizeof alias, "%.*s", (int)len, p);
			bad += C(upper(alias, buf, sizeof buf)) != c;
			p += len + (p[len] == ' ');
		}
	}
	ok(n >= 20 && bad == 0, "each of %zu containers is found by its name and aliases, "
	   "in upper case (%zu not)", n, bad);
	ok(!devnum_container_at(n) && !C("nosuch") && !C(""), "past the end and unknown: NULL");
	bad = 0;
	for (size_t i = 0; i < devnum_writer_count(); i++) {
		const devnum_writer *w = devnum_writer_at(i);
		const devnum_container *c = devnum_writer_container(w);
		bad += !c || devnum_writer_find(devnum_writer_name(w), c) != w ||
		       !*devnum_writer_version(w);
	}
	ok(devnum_writer_count() > 20 && bad == 0,
	   "every writer row names a container and is found for it (%zu not)", bad);
	ok(!devnum_writer_find("bsdtar", C("ext4")) && devnum_writer_find("BSDTAR", NULL),
	   "a writer is not found for a container it does not write; case is ignored");
}

/* Each tuple container holds its largest parts and refuses one more,
 * naming the part and the limit (catar's 64-bit parts have no more). */
static void capacity(void)
{
	size_t bad = 0, n = 0;
	struct devnum_judgement j;
	for (size_t i = 0; i < devnum_container_count(); i++) {
		const devnum_container *c = devnum_container_at(i);
		if (devnum_container_flags(c) & DEVNUM_STORES_RAW)
			continue;
		uint64_t ma = devnum_container_max(c, DEVNUM_MAJOR), mi = devnum_container_max(c, DEVNUM_MINOR);
		n++;
		bad += devnum_container_pack(c, NULL, T(ma, mi), &j) != DEVNUM_OK;
		if (ma == UINT64_MAX && mi == UINT64_MAX)
			continue;
		bad += devnum_container_pack(c, NULL, T(ma + 1, 0), &j) != DEVNUM_REFUSED ||
		       j.fate != DEVNUM_NO_ROOM || j.reason.cause != DEVNUM_ABOVE ||
		       j.reason.part != DEVNUM_MAJOR || j.reason.limit != ma;
		bad += devnum_container_pack(c, NULL, T(0, mi + 1), &j) != DEVNUM_REFUSED ||
		       j.reason.part != DEVNUM_MINOR || j.reason.value != mi + 1;
		bad += devnum_container_max(c, DEVNUM_RAW) != 0;
	}
	ok(n >= 8 && bad == 0, "%zu tuple containers hold their largest parts and refuse one more "
	   "(%zu wrong)", n, bad);
	ok(devnum_container_max(C("ustar"), DEVNUM_MAJOR) == 07777777 &&
	   devnum_container_max(C("ext4"), DEVNUM_MAJOR) == 4095 &&
	   devnum_container_max(C("cpio-odc"), DEVNUM_RAW) == 0777777 &&
	   devnum_container_max(C("cpio-odc"), DEVNUM_MAJOR) == 0,
	   "ustar holds 7 octal digits, ext4 the kernel's 12-bit major, odc 6 octal digits of raw");
}

/* What pack stores prints as the format's text, reads back the same, and
 * unpacks to the tuple packed, for tuples at the formats' edges. */
static void round_trip(void)
{
	static const struct devnum_tuple ts[] = {
		{ 0, 1 }, { 8, 1 }, { 255, 255 }, { 256, 0 }, { 8, 256 }, { 4095, 1048575 },
		{ 4096, 0 }, { 0, 1u << 20 }, { 262144, 0 }, { 2097152, 3 }, { 0xffffffff, 0xfffffffe },
	};
	size_t packed = 0, bad = 0;
	char text[96], err[160];
	for (size_t i = 0; i < devnum_container_count(); i++) {
		const devnum_container *c = devnum_container_at(i);
		for (size_t k = 0; k < sizeof ts / sizeof ts[0]; k++) {
			struct devnum_judgement j, u;
			struct devnum_fields f;
			if (devnum_container_pack(c, NULL, ts[k], &j) != DEVNUM_OK)
				continue;
			packed++;
			int n = devnum_fields_print(text, sizeof text, c, &j.fields);
			bad += n <= 0 || (size_t)n >= sizeof text;
			bad += devnum_fields_parse(c, text, strlen(text), &f, err, sizeof err) != DEVNUM_OK;
			bad += f.present != j.fields.present || memcmp(f.value, j.fields.value, sizeof f.value);
			devnum_status st = devnum_container_unpack(c, NULL, &f, &u);
			bad += (st != DEVNUM_OK && st != DEVNUM_CHANGED) ||
			       u.stored.major != ts[k].major || u.stored.minor != ts[k].minor;
			if (bad)
				printf("# %s %llu:%llu: '%s' %s\n", devnum_container_name(c),
				       (unsigned long long)ts[k].major, (unsigned long long)ts[k].minor,
				       text, err);
		}
	}
	ok(packed > 100 && bad == 0, "%zu packed tuples print, parse back and unpack to themselves "
	   "(%zu wrong)", packed, bad);
}

/* Values worked out by hand from each format's definition. */
static void by_hand(void)
{
	const devnum_scheme *glibc = devnum_scheme_find("glibc");
	struct devnum_judgement j;
	struct devnum_fields f;
	char text[96];

	devnum_container_pack(C("ustar"), NULL, T(8, 1), &j);
	devnum_fields_print(text, sizeof text, C("ustar"), &j.fields);
	ok(!strcmp(text, "0000010 0000001"), "ustar 8:1: 0000010 0000001 (%s)", text);
	ok(devnum_container_pack(C("ext4"), NULL, T(8, 1), &j) == DEVNUM_OK &&
	   j.fields.value[0] == 0x801 && j.fields.value[1] == 0,
	   "ext4 8:1: i_block[0] = 8 << 8 | 1");
	ok(devnum_container_pack(C("ext4"), NULL, T(256, 0), &j) == DEVNUM_OK &&
	   j.fields.value[0] == 0 && j.fields.value[1] == 256 << 8,
	   "ext4 256:0: i_block[1] = new_encode_dev, 0x10000");
	ok(devnum_container_pack(C("pax"), NULL, T(262144, 1), &j) == DEVNUM_OK &&
	   j.fields.present == 7 && j.fields.value[2] == 262144,
	   "pax 262144:1: a SCHILY.devmajor record beside the ustar fields");
	ok(devnum_container_pack(C("cpio-odc"), glibc, T(8, 256), &j) == DEVNUM_REFUSED &&
	   j.fate == DEVNUM_NO_ROOM && j.reason.cause == DEVNUM_ABOVE &&
	   j.reason.part == DEVNUM_RAW && j.reason.value == 0x100800 && j.reason.limit == 0x3ffff,
	   "odc 8:256 in glibc: raw 0x100800 above 0x3ffff");
	ok(devnum_container_pack(C("nfs2"), NULL, T(4095, 1048575), &j) == DEVNUM_REFUSED &&
	   j.fate == DEVNUM_NO_DEVICE && j.raw == 0xffffffff,
	   "nfs2 4095:1048575: linux32 0xffffffff, the no-device value");
	ok(devnum_container_fit(C("ext4"), devnum_writer_find("debugfs", C("ext4")), NULL,
				T(70000, 1), &j) == DEVNUM_REFUSED && j.fate == DEVNUM_WRITER_REFUSES,
	   "debugfs refuses a major above 65535");
	ok(devnum_container_fit(C("ext4"), devnum_writer_find("debugfs", C("ext4")), NULL,
				T(5000, 1), &j) == DEVNUM_CHANGED && j.fate == DEVNUM_TRUNCATED &&
	   j.changed && j.becomes.major == 5000 - 4096 && j.becomes.minor == 1,
	   "debugfs keeps 12 bits of major 5000: 904:1");
	ok(devnum_container_fit(C("cpio-odc"), devnum_writer_find("bsdtar", C("cpio-odc")), glibc,
				T(8, 256), &j) == DEVNUM_CHANGED && j.fate == DEVNUM_SATURATED &&
	   j.becomes.major == 0x3ffff >> 8 && j.becomes.minor == 0xff,
	   "bsdtar saturates odc at 0777777, which glibc reads as 1023:255");
	ok(devnum_container_fit(C("cpio-bin"), devnum_writer_find("gnu-cpio", C("cpio-bin")), glibc,
				T(8, 256), &j) == DEVNUM_CHANGED && j.fate == DEVNUM_TRUNCATED &&
	   j.becomes.major == 8 && j.becomes.minor == 0,
	   "GNU cpio keeps the low 16 bits of 0x100800 in bin: 8:0");
	ok(devnum_container_fit(C("nfs3"), devnum_writer_find("linux", C("nfs3")), NULL, T(4096, 0),
				&j) == DEVNUM_CHANGED && j.fate == DEVNUM_MISREAD &&
	   j.becomes.major == 0 && j.becomes.minor == 0 && j.reason.limit == 4095,
	   "the Linux NFS client makes 0:0 of 4096:0");
	/* 4096:0's glibc raw, 0x100000000000, is beyond cramfs's 24 bits */
	ok(devnum_writer_reads(devnum_writer_find("linux", C("cramfs"))) &&
	   !devnum_writer_reads(devnum_writer_find("mkfs.cramfs", C("cramfs"))) &&
	   devnum_container_fit(C("cramfs"), devnum_writer_find("linux", C("cramfs")), NULL,
				T(4096, 0), &j) == DEVNUM_REFUSED && j.fate == DEVNUM_NO_ROOM,
	   "the kernel reads cramfs, and gets nothing the format cannot hold: too-big, not refused");
	ok(devnum_container_fit(C("ustar"), NULL, NULL, T(8, 1), &j) == DEVNUM_OK &&
	   j.fate == DEVNUM_SURVIVES && !j.changed && j.reason.cause == DEVNUM_NO_CAUSE,
	   "ustar 8:1 survives, with nothing to say");

	f = (struct devnum_fields){ 1, 1, { 0777777 } };
	ok(devnum_container_unpack(C("cpio-odc"), glibc, &f, &j) == DEVNUM_CHANGED &&
	   j.fate == DEVNUM_DAMAGED && j.reason.cause == DEVNUM_SATURATION,
	   "odc 0777777 is bsdtar's saturation: damaged");
	f = (struct devnum_fields){ 2, 3, { 4096, 0 } };
	ok(devnum_container_unpack(C("cpio-newc"), NULL, &f, &j) == DEVNUM_CHANGED &&
	   j.becomes.major == 0 && j.becomes.minor == 0 && j.stored.major == 4096,
	   "newc 4096 0: the initramfs unpacker's MKDEV(4096, 0) is 2^32, 0:0 in 32 bits");
	f = (struct devnum_fields){ 1, 1, { 0 } };
	ok(devnum_container_unpack(C("cpio-hpodc"), NULL, &f, &j) == DEVNUM_CHANGED &&
	   j.becomes.major == 0 && j.becomes.minor == 1 && j.reason.cause == DEVNUM_READS_BACK,
	   "hpodc 0: GNU cpio reads 0:1");
	f = (struct devnum_fields){ 2, 3, { 0x10301, 0 } };
	ok(devnum_container_unpack(C("ext4"), NULL, &f, &j) == DEVNUM_ALIAS &&
	   j.fate == DEVNUM_ALIASED && j.stored.major == 3 && j.stored.minor == 1 &&
	   j.fields.value[0] == 0x301, "ext4 i_block[0] 0x10301: the kernel keeps 16 bits, 3:1, "
	   "canonically 0x301");
	f = (struct devnum_fields){ 1, 1, { UINT64_C(1) << 32 } };
	ok(devnum_container_unpack(C("btrfs"), NULL, &f, &j) == DEVNUM_REFUSED &&
	   j.fate == DEVNUM_INVALID && j.by_scheme && j.reason.cause == DEVNUM_TOO_WIDE,
	   "btrfs rdev 2^32: wider than the kernel's 32 bits, invalid");
	f = (struct devnum_fields){ 2, 3, { 8, 1 } };
	ok(devnum_container_unpack(C("ustar"), NULL, &f, &j) == DEVNUM_OK &&
	   j.fate == DEVNUM_CANONICAL, "ustar 8 1 is canonical");
}

static void nulls(void)
{
	struct devnum_judgement j;
	struct devnum_fields f = { 2, 3, { 8, 1 } };
	char buf[32] = "x";
	ok(devnum_container_pack(NULL, NULL, T(8, 1), &j) == DEVNUM_BAD_ARGUMENT &&
	   j.fate == DEVNUM_INVALID, "pack: a NULL container is DEVNUM_BAD_ARGUMENT");
	ok(devnum_container_pack(C("ustar"), NULL, T(8, 1), NULL) == DEVNUM_BAD_ARGUMENT,
	   "pack: a NULL judgement");
	ok(devnum_container_fit(C("ustar"), devnum_writer_find("mke2fs", NULL), NULL, T(8, 1), &j) ==
	   DEVNUM_BAD_ARGUMENT, "fit: a writer of another container");
	ok(devnum_container_fit(NULL, NULL, NULL, T(8, 1), NULL) == DEVNUM_BAD_ARGUMENT,
	   "fit: NULL container and judgement");
	ok(devnum_container_unpack(C("ustar"), NULL, NULL, &j) == DEVNUM_BAD_ARGUMENT,
	   "unpack: NULL fields");
	ok(devnum_fields_print(buf, sizeof buf, NULL, &f) == -1 && !*buf,
	   "fields_print: a NULL container, -1 and an empty text");
	ok(devnum_fields_print(NULL, 0, C("ustar"), &f) == 15,
	   "fields_print: NULL buf with size 0 gives the length");
	ok(devnum_fields_parse(C("ustar"), "8 1", 3, NULL, NULL, 0) == DEVNUM_BAD_ARGUMENT,
	   "fields_parse: NULL fields");
	ok(devnum_fields_parse(C("ustar"), "9 1", 3, &f, NULL, 0) == DEVNUM_REFUSED,
	   "fields_parse: a refusal with err NULL and size 0");
	ok(devnum_fields_parse(C("ustar"), NULL, 0, &f, NULL, 0) == DEVNUM_REFUSED,
	   "fields_parse: NULL text of length 0 is too few fields");
	ok(!devnum_fate_name((enum devnum_fate)99) && !strcmp(devnum_fate_name(DEVNUM_NO_ROOM), "too-big"),
	   "fate_name: NULL for no fate; too-big as devnum prints it");
	ok(!devnum_container_name(NULL) && !devnum_container_aliases(NULL) &&
	   !devnum_container_kind(NULL) && !devnum_container_about(NULL) &&
	   !devnum_container_note(NULL) && !devnum_container_field_names(NULL) &&
	   !devnum_container_field_count(NULL) && !devnum_container_flags(NULL) &&
	   !devnum_container_max(NULL, DEVNUM_MAJOR) && !devnum_container_scheme(NULL, NULL) &&
	   devnum_container_reader(NULL) == DEVNUM_READER_PLAIN,
	   "container accessors: a NULL handle gives NULL, 0 and the plain reader");
	ok(!devnum_writer_name(NULL) && !devnum_writer_version(NULL) && !devnum_writer_reads(NULL) &&
	   !devnum_writer_container(NULL) && !devnum_writer_at(devnum_writer_count()),
	   "writer accessors: a NULL handle gives NULL");
}

int main(void)
{
	names();
	capacity();
	round_trip();
	by_hand();
	nulls();
	return done_testing();
}
