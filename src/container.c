/* container.c - the one engine over the container table: what a format
 * stores for a tuple, what a writer makes of it, what a reader gets back. */
#include <config.h>

#include <string.h>

#include "container.h"

#define PAX_LIMIT UINT64_C(262143) /* libarchive: SCHILY records from 2^18 */

const char *const verdict_names[] = {
	[V_SURVIVES] = "survives", [V_TOO_BIG] = "too-big", [V_NODEV] = "no-device",
	[V_LEFT_OUT] = "left-out", [V_REFUSED] = "refused", [V_TRUNCATED] = "truncated",
	[V_SATURATED] = "saturated", [V_MISREAD] = "misread", [V_CANONICAL] = "canonical",
	[V_ALIAS] = "alias", [V_DAMAGED] = "damaged",
};

/* A scheme by its name in the table: the names are the table's own
 * strings, so the last few answers are kept by their address, sparing a
 * search of every scheme's name and aliases on each entry scan judges. */
static const devnum_scheme *named(const char *name)
{
	static struct {
		const char *name;
		const devnum_scheme *s;
	} kept[4];
	static unsigned next;
	for (unsigned i = 0; i < 4; i++)
		if (kept[i].name == name)
			return kept[i].s;
	const devnum_scheme *s = devnum_scheme_find(name);
	kept[next].name = name;
	kept[next].s = s;
	next = (next + 1) % 4;
	return s;
}

const devnum_scheme *container_scheme(const struct container *c, const devnum_scheme *s)
{
	if (!stores_raw(c))
		return NULL;
	if (!c->scheme || (c->host && s))
		return s ? s : devnum_scheme_native();
	return named(c->scheme);
}

static void refuse(struct judgement *j, enum verdict v, const char *field, uint64_t value,
		   uint64_t limit)
{
	j->verdict = v;
	j->field = field;
	j->value = value;
	j->limit = limit;
}

/* A part above its limit: the verdict v naming it, and true. */
static bool over(struct judgement *j, enum verdict v, struct devnum_tuple t, uint64_t major_max,
		 uint64_t minor_max)
{
	if (t.major > major_max)
		refuse(j, v, "major", t.major, major_max);
	else if (t.minor > minor_max)
		refuse(j, v, "minor", t.minor, minor_max);
	else
		return false;
	return true;
}

/* The tuple fields: two parts, or ext4's slots, or pax's records. */
static void tuple_fields(const struct container *c, struct devnum_tuple t, struct fields *f)
{
	uint64_t raw = 0;
	struct devnum_reason why;
	*f = (struct fields){ 2, { t.major, t.minor }, 3 };
	if (c->store == S_PAX) { /* the ustar field keeps the whole value too */
		for (unsigned i = 0; i < 2; i++)
			if (f->v[i] > PAX_LIMIT) {
				f->v[i + 2] = f->v[i];
				f->have |= 4u << i;
			}
		f->n = 4;
	} else if (c->store == S_EXT4 && t.major <= 255 && t.minor <= 255) {
		f->v[0] = t.major << 8 | t.minor, f->v[1] = 0;
	} else if (c->store == S_EXT4) {
		devnum_encode(named("linux32"), t, &raw, &why); /* fits: checked */
		f->v[0] = 0, f->v[1] = raw;
	}
}

void container_pack(const struct container *c, const devnum_scheme *s,
		    struct devnum_tuple t, struct judgement *j)
{
	const devnum_scheme *sc = container_scheme(c, s);
	*j = (struct judgement){ .verdict = V_SURVIVES, .t = t, .stored = t };
	if (!sc) {
		if (!over(j, V_TOO_BIG, t, c->major_max, c->minor_max))
			tuple_fields(c, t, &j->f);
		return;
	}
	if (devnum_encode(sc, t, &j->raw, &j->why) < 0) {
		j->reason = true;
		j->scheme = sc;
		refuse(j, V_TOO_BIG, j->why.part == DEVNUM_MAJOR ? "major" : "minor",
		       j->why.part == DEVNUM_MAJOR ? t.major : t.minor, j->why.limit);
		return;
	}
	j->f = (struct fields){ 1, { j->raw }, 1 };
	if (j->raw > ones(c->bits))
		refuse(j, V_TOO_BIG, "raw", j->raw, ones(c->bits));
	else if (c->nodev && j->raw == ones(c->bits))
		refuse(j, V_NODEV, "raw", j->raw, ones(c->bits) - 1);
}

/* What a reader gets from a raw the writer stored: the scheme's reading,
 * or the unchecked one where the scheme refuses it. */
static void read_back(struct judgement *j, const devnum_scheme *sc, uint64_t stored)
{
	struct devnum_reason why;
	uint64_t canon;
	j->becomes = true;
	if (devnum_decode(sc, stored, &j->t, &canon, &why) == DEVNUM_INVALID)
		j->t = devnum_decode_unchecked(sc, stored);
}

/* A writer that changes the raw: keeps its low bits, or saturates it. */
static void raw_writer(const struct writer *w, const devnum_scheme *sc, struct judgement *j)
{
	uint64_t raw = j->raw;
	if (w->act == A_LOW_BITS && raw > ones((unsigned)w->limit)) {
		refuse(j, V_TRUNCATED, "raw", raw, ones((unsigned)w->limit));
		read_back(j, sc, raw & ones((unsigned)w->limit));
	} else if (w->act == A_SATURATE && raw > w->limit) {
		refuse(j, V_SATURATED, "raw", raw, w->limit);
		read_back(j, sc, w->limit);
	}
}

/* The largest part the kernel's dev_t holds, from its scheme. */
static uint64_t kernel_max(enum devnum_part p)
{
	return devnum_part_max(named("kernel"), p);
}

bool beyond_kernel(struct devnum_tuple t, struct judgement *j)
{
	return over(j, j->verdict, t, kernel_max(DEVNUM_MAJOR), kernel_max(DEVNUM_MINOR));
}

/* MKDEV is major << MINORBITS | minor in 32 bits, with no mask: the bits
 * of a part too large land in the other part, or are lost. */
struct devnum_tuple mkdev_unmasked(struct devnum_tuple t)
{
	unsigned minorbits = devnum_part_bits(named("kernel"), DEVNUM_MINOR);
	uint32_t dev = (uint32_t)(t.major << minorbits | t.minor);
	return devnum_decode_unchecked(named("kernel"), dev);
}

struct devnum_tuple isofs_read(uint32_t high, uint32_t low)
{
	if (!high && (low & ~UINT32_C(0xff)))
		return mkdev_unmasked((struct devnum_tuple){ low >> 8, low & 0xff });
	return mkdev_unmasked((struct devnum_tuple){ high, low });
}

static bool same(struct devnum_tuple a, struct devnum_tuple b)
{
	return a.major == b.major && a.minor == b.minor;
}

static void misread(struct judgement *j, struct devnum_tuple t, struct devnum_tuple as)
{
	j->verdict = V_MISREAD;
	beyond_kernel(t, j);
	j->becomes = true;
	j->t = as;
}

void container_fit(const struct container *c, const struct writer *w,
		   const devnum_scheme *s, struct devnum_tuple t, struct judgement *j)
{
	container_pack(c, s, t, j);
	if (!w)
		return;
	if (j->verdict == V_TOO_BIG || j->verdict == V_NODEV)
		j->verdict = V_REFUSED; /* a writer cannot store what its format cannot */
	const devnum_scheme *sc = container_scheme(c, s);
	bool beyond = beyond_kernel(t, &(struct judgement){ .verdict = V_SURVIVES });
	switch (w->act) {
	case A_FORMAT: break;
	case A_REFUSE: over(j, V_REFUSED, t, w->limit, w->limit); break;
	case A_LEAVE_OUT: over(j, V_LEFT_OUT, t, w->limit, w->limit); break;
	case A_LOW_BITS:
	case A_SATURATE:
		if (!j->reason)
			raw_writer(w, sc, j);
		break;
	case A_DEBUGFS: /* a usage error above 65535, then 12 bits of the major */
		if (over(j, V_REFUSED, t, w->limit, w->limit))
			break;
		if (t.major > kernel_max(DEVNUM_MAJOR)) {
			refuse(j, V_TRUNCATED, "major", t.major, kernel_max(DEVNUM_MAJOR));
			j->becomes = true;
			j->t = (struct devnum_tuple){ t.major & kernel_max(DEVNUM_MAJOR), t.minor };
		}
		break;
	case A_ZERO_ONE:
		if (j->verdict == V_SURVIVES && !t.major && !t.minor) {
			j->verdict = V_MISREAD, j->becomes = true;
			j->t = (struct devnum_tuple){ 0, 1 };
		}
		break;
	case A_MKDEV_ZERO:
		if (j->verdict == V_SURVIVES && beyond)
			misread(j, t, (struct devnum_tuple){ 0, 0 });
		break;
	case A_MKDEV_WRAP:
		if (j->verdict == V_SURVIVES && beyond)
			misread(j, t, mkdev_unmasked(t));
		break;
	case A_PARTS: /* (major, minor) where a reader of the standard wants halves */
		if (over(j, V_REFUSED, t, UINT32_MAX, UINT32_MAX))
			break;
		j->verdict = V_SURVIVES, j->reason = false, j->field = NULL;
		j->raw = t.major << 32 | t.minor;
		j->f = (struct fields){ 1, { j->raw }, 1 };
		read_back(j, sc, j->raw);
		if (same(j->t, t))
			j->becomes = false;
		else
			j->verdict = V_MISREAD;
		break;
	case A_ISOFS:
		if (j->verdict == V_SURVIVES &&
		    !same(isofs_read((uint32_t)(j->raw >> 32), (uint32_t)j->raw), t)) {
			misread(j, t, isofs_read((uint32_t)(j->raw >> 32), (uint32_t)j->raw));
			j->field = NULL;
		}
		break;
	}
}

/* The reader's tuple from tuple fields. */
static struct devnum_tuple read_tuple_fields(const struct container *c, const struct fields *f)
{
	struct devnum_tuple t = { f->v[0], f->v[1] };
	if (c->store == S_EXT4 && f->v[0]) /* old_decode_dev: the low 16 bits */
		t = (struct devnum_tuple){ f->v[0] >> 8 & 0xff, f->v[0] & 0xff };
	else if (c->store == S_EXT4)
		t = devnum_decode_unchecked(named("linux32"), f->v[1]);
	for (unsigned i = 0; i < 2; i++)
		if (f->have & 4u << i)
			*(i ? &t.minor : &t.major) = f->v[i + 2];
	return t;
}

int container_unpack(const struct container *c, const devnum_scheme *s,
		     const struct fields *f, struct judgement *j)
{
	const devnum_scheme *sc = container_scheme(c, s);
	struct devnum_tuple t;
	uint64_t canon;
	*j = (struct judgement){ .verdict = V_CANONICAL };
	if (sc && devnum_decode(sc, f->v[0], &t, &canon, &j->why) == DEVNUM_INVALID) {
		j->reason = true;
		return -1;
	}
	if (!sc)
		t = read_tuple_fields(c, f);
	struct judgement canonical;
	container_pack(c, s, t, &canonical);
	bool beyond = beyond_kernel(t, &(struct judgement){ .verdict = V_SURVIVES });
	j->t = j->stored = t;
	j->raw = f->v[0];
	j->f = canonical.f;
	if (c->reader == R_SATURATED && f->v[0] == ones(c->bits))
		refuse(j, V_DAMAGED, "raw", f->v[0], ones(c->bits));
	else if (canonical.verdict != V_SURVIVES) /* what the format cannot carry */
		refuse(j, V_TOO_BIG, canonical.field, canonical.value, canonical.limit);
	else if ((c->reader == R_MKDEV_ZERO || c->reader == R_INITRAMFS) && beyond)
		misread(j, t, c->reader == R_MKDEV_ZERO ? (struct devnum_tuple){ 0, 0 }
							: mkdev_unmasked(t)), j->verdict = V_DAMAGED;
	else if (c->reader == R_ZERO_ONE && !t.major && !t.minor)
		j->verdict = V_DAMAGED, j->becomes = true, j->t = (struct devnum_tuple){ 0, 1 };
	else if (c->reader == R_ISOFS && !same(isofs_read((uint32_t)(f->v[0] >> 32), (uint32_t)f->v[0]), t))
		j->verdict = V_DAMAGED, j->becomes = true,
		j->t = isofs_read((uint32_t)(f->v[0] >> 32), (uint32_t)f->v[0]);
	else if (f->have != canonical.f.have || memcmp(f->v, canonical.f.v, sizeof f->v) != 0)
		j->verdict = V_ALIAS;
	return 0;
}
