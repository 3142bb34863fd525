/* test_registry.c - the registry against devices.txt's own examples (each
 * name below is the one devices.txt prints beside that number), and
 * against itself: every name of every series read back to its number.
 * Where devices.txt contradicts itself the count wins: it gives yurex1 ..
 * yurex16 the minors 192 .. 209, eighteen numbers for sixteen devices. */
#include <string.h>

#include "registry/registry.h"
#include "tap.h"

static const struct example {
	char type;
	unsigned major, minor;
	const char *name;
} examples[] = {
	{ 'c', 1, 3, "null" }, { 'c', 1, 5, "zero" }, { 'c', 1, 9, "urandom" },
	{ 'c', 1, 11, "kmsg" }, { 'b', 1, 0, "ram0" }, { 'b', 1, 250, "initrd" },
	{ 'c', 2, 0, "ptyp0" }, { 'c', 2, 1, "ptyp1" }, { 'c', 2, 255, "ptyef" },
	{ 'c', 3, 255, "ttyef" }, { 'b', 2, 3, "fd3" }, { 'b', 2, 128, "fd4" },
	{ 'b', 2, 131, "fd7" }, { 'b', 3, 0, "hda" }, { 'b', 3, 64, "hdb" },
	{ 'b', 3, 1, "hda1" }, { 'b', 3, 63, "hda63" }, { 'c', 4, 0, "tty0" },
	{ 'c', 4, 1, "tty1" }, { 'c', 4, 63, "tty63" }, { 'c', 4, 64, "ttyS0" },
	{ 'c', 4, 255, "ttyS191" }, { 'b', 4, 0, "root" }, { 'c', 5, 0, "tty" },
	{ 'c', 5, 1, "console" }, { 'c', 5, 2, "ptmx" }, { 'c', 5, 64, "cua0" },
	{ 'c', 5, 255, "cua191" }, { 'c', 6, 1, "lp1" }, { 'c', 7, 0, "vcs" },
	{ 'c', 7, 63, "vcs63" }, { 'c', 7, 64, "vcsu" }, { 'c', 7, 65, "vcsu1" },
	{ 'c', 7, 127, "vcsu63" }, { 'c', 7, 128, "vcsa" }, { 'c', 7, 191, "vcsa63" },
	{ 'b', 7, 1, "loop1" }, { 'b', 8, 0, "sda" }, { 'b', 8, 16, "sdb" },
	{ 'b', 8, 32, "sdc" }, { 'b', 8, 240, "sdp" }, { 'c', 9, 0, "st0" },
	{ 'c', 9, 33, "st1l" }, { 'c', 9, 65, "st1m" }, { 'c', 9, 96, "st0a" },
	{ 'c', 9, 128, "nst0" }, { 'c', 9, 161, "nst1l" }, { 'c', 9, 225, "nst1a" },
	{ 'b', 9, 1, "md1" }, { 'c', 10, 1, "psaux" }, { 'c', 10, 130, "watchdog" },
	{ 'c', 10, 135, "rtc" }, { 'c', 10, 183, "hwrng" }, { 'c', 10, 184, "cpu/microcode" },
	{ 'c', 10, 200, "net/tun" }, { 'c', 10, 212, "watchdogs/0" },
	{ 'c', 10, 215, "watchdogs/3" }, { 'c', 10, 223, "input/uinput" },
	{ 'c', 10, 229, "fuse" }, { 'c', 10, 232, "kvm" }, { 'c', 10, 236, "mapper/control" },
	{ 'c', 10, 237, "loop-control" }, { 'c', 10, 242, "rfkill" }, { 'b', 11, 0, "scd0" },
	{ 'b', 11, 1, "scd1" }, { 'c', 13, 0, "input/js0" }, { 'c', 13, 33, "input/mouse1" },
	{ 'c', 13, 63, "input/mice" }, { 'c', 13, 65, "input/event1" }, { 'c', 14, 3, "dsp" },
	{ 'c', 14, 19, "dsp1" }, { 'c', 19, 31, "ttyC31" }, { 'b', 19, 135, "cdouble7" },
	{ 'c', 21, 1, "sg1" }, { 'b', 21, 64, "mfmb" }, { 'b', 22, 0, "hdc" },
	{ 'b', 22, 64, "hdd" }, { 'c', 24, 193, "ttyE193" }, { 'b', 26, 3, "sbpcd7" },
	{ 'b', 27, 3, "sbpcd11" }, { 'c', 27, 20, "nzqft0" }, { 'c', 27, 39, "nrawqft3" },
	{ 'b', 28, 3, "sbpcd15" }, { 'b', 28, 16, "adb" }, { 'b', 28, 240, "adp" },
	{ 'c', 29, 31, "fb31" }, { 'c', 30, 36, "inet/tcp" }, { 'b', 31, 15, "rrom7" },
	{ 'b', 31, 31, "rflash7" }, { 'b', 33, 0, "hde" }, { 'b', 34, 64, "hdh" },
	{ 'c', 35, 131, "smpte3" }, { 'c', 36, 31, "tap15" }, { 'c', 37, 129, "nht1" },
	{ 'c', 39, 47, "ml16pb-a15" }, { 'c', 39, 51, "ml16pb-c2" }, { 'c', 43, 63, "ttyI63" },
	{ 'b', 43, 1, "nb1" }, { 'b', 44, 240, "ftlp" }, { 'c', 45, 191, "ippp63" },
	{ 'c', 45, 255, "isdninfo" }, { 'b', 45, 48, "pdd" }, { 'b', 47, 3, "pf3" },
	{ 'b', 48, 8, "rd/c0d1" }, { 'b', 48, 248, "rd/c0d31" }, { 'b', 49, 248, "rd/c1d31" },
	{ 'b', 55, 248, "rd/c7d31" }, { 'b', 56, 64, "hdj" }, { 'b', 57, 0, "hdk" },
	{ 'b', 64, 255, "scramdisk/255" }, { 'b', 64, 0, "scramdisk/master" },
	{ 'b', 65, 0, "sdq" }, { 'b', 65, 240, "sdaf" }, { 'b', 66, 0, "sdag" },
	{ 'b', 66, 240, "sdav" }, { 'b', 67, 240, "sdbl" }, { 'b', 68, 240, "sdcb" },
	{ 'b', 69, 240, "sdcr" }, { 'b', 70, 240, "sddh" }, { 'b', 71, 0, "sddi" },
	{ 'b', 71, 240, "sddx" }, { 'c', 68, 20, "capi20.19" }, { 'c', 71, 255, "ttyF255" },
	{ 'b', 72, 240, "ida/c0d15" }, { 'b', 78, 16, "ida/c6d1" }, { 'c', 70, 128, "apsmon" },
	{ 'b', 80, 240, "i2o/hdp" }, { 'b', 81, 240, "i2o/hdaf" }, { 'b', 87, 240, "i2o/hddx" },
	{ 'c', 81, 0, "video0" }, { 'c', 81, 127, "radio63" }, { 'c', 81, 191, "swradio63" },
	{ 'c', 81, 255, "vbi31" }, { 'c', 83, 15, "mga_vid15" }, { 'b', 88, 64, "hdn" },
	{ 'c', 89, 1, "i2c-1" }, { 'b', 89, 0, "hdo" }, { 'c', 90, 0, "mtd0" },
	{ 'c', 90, 1, "mtdr0" }, { 'c', 90, 30, "mtd15" }, { 'c', 90, 31, "mtdr15" },
	{ 'b', 90, 64, "hdr" }, { 'b', 91, 64, "hdt" }, { 'b', 93, 240, "nftlp" },
	{ 'b', 94, 0, "dasda" }, { 'b', 94, 3, "dasda3" }, { 'b', 94, 4, "dasdb" },
	{ 'b', 94, 7, "dasdb3" }, { 'c', 96, 129, "npt1" }, { 'b', 96, 240, "inftlp" },
	{ 'c', 98, 47, "comedi47" }, { 'b', 98, 16, "ubdb" }, { 'c', 101, 16, "mdsp16" },
	{ 'b', 101, 240, "amiraid/ar15" }, { 'b', 101, 15, "amiraid/ar0p15" },
	{ 'b', 102, 240, "cbd/p" }, { 'b', 104, 240, "cciss/c0d15" }, { 'b', 111, 16, "cciss/c7d1" },
	{ 'b', 112, 8, "iseries/vdb" }, { 'b', 112, 200, "iseries/vdz" },
	{ 'b', 112, 208, "iseries/vdaa" }, { 'b', 112, 248, "iseries/vdaf" },
	{ 'b', 113, 1, "iseries/vcdb" }, { 'c', 114, 129, "isex1" }, { 'b', 114, 1, "ataraid/d0p1" },
	{ 'b', 114, 16, "ataraid/d1" }, { 'b', 114, 255, "ataraid/d15p15" },
	{ 'c', 115, 47, "tiusb31" }, { 'b', 115, 255, "nwfs/v255" }, { 'b', 116, 255, "umem/d15p15" },
	{ 'c', 117, 17, "cosa1c1" }, { 'c', 117, 0, "cosa0c0" }, { 'b', 128, 0, "sddy" },
	{ 'b', 128, 32, "sdea" }, { 'b', 128, 240, "sden" }, { 'b', 129, 240, "sdfd" },
	{ 'b', 130, 240, "sdft" }, { 'b', 131, 240, "sdgj" }, { 'b', 132, 240, "sdgz" },
	{ 'b', 133, 240, "sdhp" }, { 'b', 134, 240, "sdif" }, { 'b', 135, 240, "sdiv" },
	{ 'c', 136, 1, "pts/1" }, { 'b', 136, 248, "rd/c8d31" }, { 'b', 143, 248, "rd/c15d31" },
	{ 'c', 144, 63, "pppox63" }, { 'b', 147, 1, "drbd1" }, { 'b', 152, 255, "etherd/255" },
	{ 'b', 153, 15, "emd/0p15" }, { 'b', 153, 240, "emd/15" }, { 'c', 154, 255, "ttySR255" },
	{ 'c', 156, 255, "ttySR511" }, { 'c', 157, 0, "cusr256" }, { 'b', 160, 31, "carmel/0p31" },
	{ 'b', 160, 224, "carmel/7" }, { 'b', 161, 0, "carmel/8" }, { 'b', 161, 224, "carmel/15" },
	{ 'c', 162, 0, "rawctl" }, { 'c', 162, 2, "raw/raw2" }, { 'c', 164, 63, "ttyCH63" },
	{ 'c', 166, 0, "ttyACM0" }, { 'c', 172, 127, "ttyMX127" }, { 'c', 172, 128, "moxactl" },
	{ 'c', 177, 47, "pcilynx/ram15" }, { 'b', 179, 0, "mmcblk0" }, { 'b', 179, 1, "mmcblk0p1" },
	{ 'b', 179, 8, "mmcblk1" }, { 'c', 180, 63, "usb/scanner15" }, { 'c', 180, 111, "usb/hiddev15" },
	{ 'c', 180, 140, "usb/sisusbvga8" }, { 'c', 180, 191, "usb/usbtmc16" },
	{ 'c', 180, 207, "usb/yurex16" }, { 'b', 180, 16, "ubc" }, { 'c', 188, 1, "ttyUSB1" },
	{ 'c', 192, 2, "profile1" }, { 'c', 194, 240, "mvideo/status15" },
	{ 'c', 195, 255, "nvidiactl" }, { 'c', 195, 1, "nvidia1" }, { 'c', 196, 48, "tor/48" },
	{ 'c', 197, 130, "tnf/trace" }, { 'c', 202, 1, "cpu/1/msr" }, { 'b', 202, 240, "xvdp" },
	{ 'c', 203, 0, "cpu/0/cpuid" }, { 'c', 204, 64, "ttyIOC14" },
	{ 'c', 204, 31, "ttyAM15" }, { 'c', 204, 84, "ttyIOC84" }, { 'c', 204, 147, "ttySIOC31" },
	{ 'c', 204, 191, "xvc0" }, { 'c', 204, 212, "ttyMAX3" }, { 'c', 205, 83, "cuvr1" },
	{ 'c', 206, 225, "nosst1a" }, { 'c', 207, 11, "cpqhealth/cpci" }, { 'c', 220, 3, "myricom/gmp1" },
	{ 'c', 221, 8, "bus/vme/ctl" }, { 'c', 226, 0, "dri/card0" }, { 'c', 227, 1, "3270/tty1" },
	{ 'c', 228, 0, "3270/tub" }, { 'c', 229, 0, "hvc0" }, { 'c', 230, 225, "iseries/nvt1a" },
	{ 'c', 231, 159, "infiniband/uverbs31" }, { 'c', 233, 4, "ipath3" },
	{ 'c', 233, 130, "ipath_diag" }, { 'c', 256, 1027, "ttyEQ1027" }, { 'b', 256, 240, "rfdp" },
	{ 'b', 257, 56, "ssfdch" }, { 'b', 258, 1, "blockrom1" }, { 'c', 259, 1, "icap1" },
	{ 'c', 260, 255, "osd255" },
};

/* Numbers devices.txt gives no fixed name, each answered as it says. */
static const struct unnamed {
	char type;
	unsigned major, minor;
	enum assignment kind;
} unnamed[] = {
	{ 'b', 259, 0, A_DYNAMIC }, { 'b', 259, 1048575, A_DYNAMIC }, { 'c', 234, 0, A_DYNAMIC },
	{ 'c', 254, 7, A_DYNAMIC }, { 'c', 384, 0, A_DYNAMIC }, { 'c', 511, 3, A_DYNAMIC },
	{ 'c', 10, 300, A_DYNAMIC }, { 'c', 10, 124, A_DYNAMIC }, { 'c', 10, 243, A_LOCAL },
	{ 'c', 10, 254, A_LOCAL }, { 'c', 10, 255, A_RESERVED }, { 'b', 240, 0, A_DYNAMIC },
	{ 'b', 254, 0, A_DYNAMIC }, { 'c', 60, 0, A_LOCAL }, { 'b', 63, 9, A_LOCAL },
	{ 'c', 120, 0, A_LOCAL }, { 'b', 127, 0, A_LOCAL }, { 'c', 42, 0, A_LOCAL },
	{ 'c', 255, 0, A_RESERVED }, { 'b', 255, 0, A_RESERVED }, { 'c', 128, 0, A_RESERVED },
	{ 'c', 137, 0, A_RESERVED }, { 'b', 0, 0, A_RESERVED }, { 'b', 0, 42, A_DYNAMIC },
	{ 'b', 144, 0, A_DYNAMIC }, { 'c', 8, 0, A_UNASSIGNED }, { 'b', 5, 0, A_UNASSIGNED },
	{ 'c', 512, 0, A_UNASSIGNED }, { 'b', 4095, 0, A_UNASSIGNED }, { 'c', 1, 13, A_UNNAMED },
	{ 'c', 116, 0, A_UNNAMED }, { 'b', 2, 28, A_UNNAMED }, { 'c', 90, 32, A_UNNAMED },
	{ 'c', 194, 1, A_UNNAMED }, { 'c', 13, 96, A_UNNAMED },
};

static unsigned order(const struct series *s)
{
	return (unsigned)s->major * 2 + (s->type == 'b');
}

/* Every directive of every name is one the engine knows. */
static bool well_formed(const char *name)
{
	for (const char *c = name; *c; c++)
		if (*c == '%' && !strchr("nabpPc", *++c))
			return false;
	return *name != 0;
}

/* name, looked up, gives (type, major, minor) among its answers. */
static bool finds(const char *name, char type, unsigned major, unsigned minor)
{
	size_t at = 0;
	uint32_t m;
	for (const struct series *s; (s = registry_find(name, strlen(name), &at, &m));)
		if (s->type == type && s->major == major && m == minor)
			return true;
	return false;
}

static void check_table(void)
{
	bool sorted = true, formed = true;
	for (size_t i = 0; i < registry_nseries; i++) {
		const struct series *s = &registry_series[i];
		sorted &= i == 0 || order(&registry_series[i - 1]) <= order(s);
		formed &= memchr(s->name, 0, sizeof s->name) && memchr(s->what, 0, sizeof s->what);
		formed &= !*s->name || well_formed(s->name);
		formed &= s->name[0] != '%'; /* registry_find goes by a name's first letter */
		formed &= s->per > 0 && s->count > 0 && s->first + (uint64_t)s->count <= REG_MINOR_MAX + 1u;
		formed &= (s->type == 'c' || s->type == 'b') && *s->what;
	}
	ok(sorted, "the %zu series are sorted by major, char before block", registry_nseries);
	sorted = true;
	for (size_t i = 1; i < registry_nranges; i++)
		sorted &= registry_ranges[i - 1].first <= registry_ranges[i].first;
	ok(sorted, "the %zu ranges are sorted by their first major", registry_nranges);
	ok(formed, "every series is well formed: directives, bounds, type, words");
}

/* What a lookup finds by a plain walk of every row and range, the first
 * that holds the number winning (a named row over a major's rest): the
 * kind and the row. */
static enum assignment plain_lookup(char type, unsigned major, uint32_t minor,
				    const struct series **row)
{
	enum assignment kind = A_UNASSIGNED;
	*row = NULL;
	for (size_t i = 0; i < registry_nseries; i++) {
		const struct series *s = &registry_series[i];
		if (s->type != type || s->major != major || minor < s->first || minor - s->first >= s->count)
			continue;
		bool parted = strstr(s->name, "%p") || strstr(s->name, "%P") || strstr(s->name, "%c");
		if (*s->name && ((minor - s->first) % s->per == 0 || parted))
			return *row = s, A_FIXED;
		if (!*s->name && kind == A_UNASSIGNED)
			kind = (enum assignment)s->kind, *row = s;
	}
	for (size_t i = 0; kind == A_UNASSIGNED && i < registry_nranges; i++)
		if (registry_ranges[i].type == type && major >= registry_ranges[i].first &&
		    major <= registry_ranges[i].last)
			kind = (enum assignment)registry_ranges[i].kind;
	return kind;
}

/* Every major to 4100 of both types, at minors each row begins, ends or
 * splits at, as a lookup finds them and as the plain walk does. */
static void check_lookup(void)
{
	static const uint32_t minors[] = { 0, 1, 15, 16, 63, 64, 127, 128, 255, 256, 1048575 };
	size_t bad = 0, n = 0;
	for (unsigned major = 0; major <= 4100; major++)
		for (const char *t = "cb"; *t; t++)
			for (size_t k = 0; k < sizeof minors / sizeof minors[0]; k++, n++) {
				struct reg_device d;
				const struct series *row;
				enum assignment kind = plain_lookup(*t, major, minors[k], &row);
				registry_lookup(*t, major, minors[k], &d);
				bad += d.kind != kind || (kind == A_FIXED && d.row != row);
			}
	ok(bad == 0, "%zu lookups agree with a plain walk of the rows and ranges", n);
}

/* Every minor a named series answers for (the first 4096 and the last 16
 * of a long one) names a device whose name reads back to that minor. */
static void check_round_trip(void)
{
	size_t minors = 0, bad = 0;
	for (size_t i = 0; i < registry_nseries; i++) {
		const struct series *s = &registry_series[i];
		if (!*s->name)
			continue;
		for (uint64_t k = 0; k < s->count; k++) {
			if (k == 4096 && s->count > 4096 + 16)
				k = s->count - 16;
			struct reg_device d;
			registry_lookup(s->type, s->major, s->first + k, &d);
			if (d.row != s)
				continue; /* an earlier series has this minor */
			minors++;
			if (!finds(d.name, s->type, s->major, (unsigned)(s->first + k)) && bad++ < 5)
				ok(0, "%c%u:%llu: %s does not read back", s->type, s->major,
				   (unsigned long long)(s->first + k), d.name);
		}
	}
	ok(bad == 0, "%zu minors of named series read back from their names", minors);
}

int main(void)
{
	check_table();
	for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
		const struct example *e = &examples[i];
		struct reg_device d;
		registry_lookup(e->type, e->major, e->minor, &d);
		ok(d.kind == A_FIXED && strcmp(d.name, e->name) == 0 &&
			   finds(e->name, e->type, e->major, e->minor),
		   "%c%u:%u is %s, and back (got %s)", e->type, e->major, e->minor, e->name, d.name);
	}
	for (size_t i = 0; i < sizeof unnamed / sizeof unnamed[0]; i++) {
		const struct unnamed *u = &unnamed[i];
		struct reg_device d;
		registry_lookup(u->type, u->major, u->minor, &d);
		ok(d.kind == u->kind && !*d.name, "%c%u:%u is %s (got %s)", u->type, u->major,
		   u->minor, registry_assignment(u->kind), registry_assignment(d.kind));
	}
	check_round_trip();
	check_lookup();
	ok(finds("/dev/sda1", 'b', 8, 1) && finds("dev/ttyS0", 'c', 4, 64) &&
		   finds("./dev/null", 'c', 1, 3),
	   "a name under /dev, dev/ or ./dev/ is the same name");
	ok(!finds("sda01", 'b', 8, 1) && !finds("tty064", 'c', 4, 64) && !finds("sda0", 'b', 8, 0) &&
		   !finds("sda16", 'b', 8, 16) && !finds("mmcblk0p0", 'b', 179, 0) && !finds("sd", 'b', 8, 0),
	   "a name the kernel never writes names nothing (sda01, tty064, sda0, sda16, mmcblk0p0, sd)");
	return done_testing();
}
