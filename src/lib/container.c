/* container.c - the one engine over the container table: what a format
 * stores for a tuple, what a writer makes of it, what a reader gets back. */
#include <config.h>

#include <string.h>

#include "container.h"
#include "refusals.h"
#include "scheme.h"

#define PAX_LIMIT UINT64_C(262143) /* libarchive: SCHILY records from 2^18 */

const char *devnum_fate_name(enum devnum_fate f)
{
	static const char *const names[] = {
		[DEVNUM_SURVIVES] = "survives", [DEVNUM_NO_ROOM] = "too-big",
		[DEVNUM_NO_DEVICE] = "no-device", [DEVNUM_LEFT_OUT] = "left-out",
		[DEVNUM_WRITER_REFUSES] = "refused", [DEVNUM_TRUNCATED] = "truncated",
		[DEVNUM_SATURATED] = "saturated", [DEVNUM_MISREAD] = "misread",
		[DEVNUM_CANONICAL] = "canonical", [DEVNUM_ALIASED] = "alias",
		[DEVNUM_DAMAGED] = "damaged", [DEVNUM_INVALID] = "invalid",
	};
	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : NULL;
}

const devnum_scheme *devnum_container_scheme(const devnum_container *c, const devnum_scheme *s)
{
	if (!c || !stores_raw(c))
		return NULL;
	if (!c->scheme || (c->host && s))
		return s ? s : devnum_scheme_native();
	return c->scheme;
}

/* The part or field p of value above limit: the fate f, and why. */
static void above(struct devnum_judgement *j, enum devnum_fate f, enum devnum_part p,
		  uint64_t value, uint64_t limit)
{
	j->fate = f;
	j->by_scheme = false;
	j->reason = (struct devnum_reason){ .cause = DEVNUM_ABOVE, .part = p, .value = value,
					    .limit = limit, .t = j->stored };
}

/* A part above its limit: the fate f naming it, and true. */
static bool over(struct devnum_judgement *j, enum devnum_fate f, struct devnum_tuple t,
		 uint64_t major_max, uint64_t minor_max)
{
	if (t.major > major_max)
		above(j, f, DEVNUM_MAJOR, t.major, major_max);
	else if (t.minor > minor_max)
		above(j, f, DEVNUM_MINOR, t.minor, minor_max);
	else
		return false;
	return true;
}

/* What a reader gets back instead of what was stored. */
static void becomes(struct devnum_judgement *j, struct devnum_tuple t)
{
	j->becomes = t;
	j->changed = t.major != j->stored.major || t.minor != j->stored.minor;
	j->reason.becomes = t;
}

/* A reader's rule, with no limit to name: stored reads back as t. */
static void reads_back(struct devnum_judgement *j, enum devnum_fate f, struct devnum_tuple t)
{
	j->fate = f;
	j->by_scheme = false;
	j->reason = (struct devnum_reason){ .cause = DEVNUM_READS_BACK, .t = j->stored };
	becomes(j, t);
}

/* The Linux kernel's 12:20 dev_t. */
static const devnum_scheme *kernel(void)
{
	return SCHEME(kernel);
}

/* Whether the kernel's dev_t cannot hold t: then j's reason names the part. */
static bool beyond_kernel(struct devnum_judgement *j, enum devnum_fate f, struct devnum_tuple t)
{
	return over(j, f, t, devnum_part_max(kernel(), DEVNUM_MAJOR),
		    devnum_part_max(kernel(), DEVNUM_MINOR));
}

/* The parts packed by sc's shifts in its width with no mask on the top
 * piece of each part (MKDEV, erofs-utils' new_encode_dev): the bits of a
 * part too large land in the other part, or are lost; read back by sc. */
static struct devnum_tuple unmasked(const devnum_scheme *sc, struct devnum_tuple t)
{
	const struct devnum_layout *l = sc->d;
	uint64_t raw = 0;
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct devnum_layout_field *f = &l->field[i];
		uint64_t part = f->part == DEVNUM_MAJOR ? t.major : t.minor, piece = part >> f->lo;
		bool top = true;
		for (unsigned k = 0; k < l->nfields; k++)
			top &= l->field[k].part != f->part || l->field[k].lo <= f->lo;
		raw |= (top ? piece : piece & ones(f->width)) << f->at;
	}
	return devnum_decode_unchecked(sc, raw & ones(l->width));
}

/* MKDEV is major << MINORBITS | minor in 32 bits, with no mask. */
static struct devnum_tuple mkdev_unmasked(struct devnum_tuple t)
{
	return unmasked(kernel(), t);
}

/* What Linux's isofs makes of Rock Ridge PN's two halves: MKDEV(low >> 8,
 * low & 0xff) when high is 0 and low has bits above 0xff ("some writers
 * may ignore this subtlety"), else MKDEV(high, low); unmasked both. */
static struct devnum_tuple isofs_read(uint64_t raw)
{
	uint32_t high = (uint32_t)(raw >> 32), low = (uint32_t)raw;
	if (!high && (low & ~UINT32_C(0xff)))
		return mkdev_unmasked((struct devnum_tuple){ low >> 8, low & 0xff });
	return mkdev_unmasked((struct devnum_tuple){ high, low });
}

/* The tuple fields: two parts, or ext4's slots, or pax's records. */
static void tuple_fields(const devnum_container *c, struct devnum_tuple t,
			 struct devnum_fields *f)
{
	uint64_t raw = 0;
	*f = (struct devnum_fields){ 2, 3, { t.major, t.minor } };
	if (c->store == S_PAX) { /* the ustar field keeps the whole value too */
		for (unsigned i = 0; i < 2; i++)
			if (f->value[i] > PAX_LIMIT) {
				f->value[i + 2] = f->value[i];
				f->present |= 4u << i;
			}
		f->count = 4;
	} else if (c->store == S_EXT4 && t.major <= 255 && t.minor <= 255) {
		f->value[0] = t.major << 8 | t.minor, f->value[1] = 0;
	} else if (c->store == S_EXT4) {
		devnum_encode(SCHEME(linux32), t, &raw, NULL); /* fits: checked */
		f->value[0] = 0, f->value[1] = raw;
	}
}

/* A judgement begun: nothing to say of t yet. */
static void start(struct devnum_judgement *j, const devnum_scheme *sc, struct devnum_tuple t,
		  enum devnum_fate f)
{
	*j = (struct devnum_judgement){ .fate = f, .stored = t, .becomes = t, .scheme = sc };
}

/* The format's answer, by its capacity: DEVNUM_SURVIVES or why not. */
static void pack_into(const devnum_container *c, const devnum_scheme *s, struct devnum_tuple t,
		      struct devnum_judgement *j)
{
	const devnum_scheme *sc = devnum_container_scheme(c, s);
	start(j, sc, t, DEVNUM_SURVIVES);
	if (!stores_raw(c)) {
		if (!over(j, DEVNUM_NO_ROOM, t, c->major_max, c->minor_max))
			tuple_fields(c, t, &j->fields);
		return;
	}
	if (devnum_encode(sc, t, &j->raw, &j->reason) != DEVNUM_OK) {
		j->fate = DEVNUM_NO_ROOM;
		j->by_scheme = true;
		return;
	}
	j->fields = (struct devnum_fields){ 1, 1, { j->raw } };
	if (j->raw > ones(c->bits))
		above(j, DEVNUM_NO_ROOM, DEVNUM_RAW, j->raw, ones(c->bits));
	else if (c->nodev && j->raw == ones(c->bits))
		above(j, DEVNUM_NO_DEVICE, DEVNUM_RAW, j->raw, ones(c->bits) - 1);
}

/* The status a fate gives. */
static devnum_status status(const struct devnum_judgement *j)
{
	switch (j->fate) {
	case DEVNUM_SURVIVES:
	case DEVNUM_CANONICAL: return DEVNUM_OK;
	case DEVNUM_ALIASED: return DEVNUM_ALIAS;
	case DEVNUM_TRUNCATED:
	case DEVNUM_SATURATED:
	case DEVNUM_MISREAD:
	case DEVNUM_DAMAGED: return DEVNUM_CHANGED;
	default: return DEVNUM_REFUSED;
	}
}

/* A judgement asked for with a NULL handle or pointer. */
static devnum_status bad(struct devnum_judgement *j)
{
	if (j)
		*j = (struct devnum_judgement){ .fate = DEVNUM_INVALID };
	return DEVNUM_BAD_ARGUMENT;
}

devnum_status devnum_container_pack(const devnum_container *c, const devnum_scheme *s,
				    struct devnum_tuple t, struct devnum_judgement *j)
{
	if (!c || !j)
		return bad(j);
	pack_into(c, s, t, j);
	return status(j);
}

/* What a reader gets from a raw the writer stored: the scheme's reading,
 * or the unchecked one where the scheme refuses it. */
static void read_back(struct devnum_judgement *j, const devnum_scheme *sc, uint64_t stored)
{
	struct devnum_tuple t;
	uint64_t canon;
	if (devnum_decode(sc, stored, &t, &canon, NULL) == DEVNUM_REFUSED)
		t = devnum_decode_unchecked(sc, stored);
	becomes(j, t);
}

/* A writer that changes the raw: keeps its low bits, or saturates it. */
static void raw_writer(const devnum_writer *w, const devnum_scheme *sc,
		       struct devnum_judgement *j)
{
	uint64_t raw = j->raw;
	if (w->act == A_LOW_BITS && raw > ones((unsigned)w->limit)) {
		above(j, DEVNUM_TRUNCATED, DEVNUM_RAW, raw, ones((unsigned)w->limit));
		read_back(j, sc, raw & ones((unsigned)w->limit));
	} else if (w->act == A_SATURATE && raw > w->limit) {
		above(j, DEVNUM_SATURATED, DEVNUM_RAW, raw, w->limit);
		read_back(j, sc, w->limit);
	}
}

/* The kernel rebuilds MKDEV from the parts: what it gets where its dev_t
 * cannot hold them, the part named. */
static void misread(struct devnum_judgement *j, enum devnum_fate f, struct devnum_tuple t,
		    struct devnum_tuple as)
{
	beyond_kernel(j, f, t);
	becomes(j, as);
}

/* genisoimage: (major, minor) where a reader of the standard wants halves. */
static void parts_writer(const devnum_scheme *sc, struct devnum_tuple t,
			 struct devnum_judgement *j)
{
	if (over(j, DEVNUM_WRITER_REFUSES, t, UINT32_MAX, UINT32_MAX))
		return;
	start(j, sc, t, DEVNUM_SURVIVES);
	j->raw = t.major << 32 | t.minor;
	j->fields = (struct devnum_fields){ 1, 1, { j->raw } };
	read_back(j, sc, j->raw);
	if (j->changed)
		reads_back(j, DEVNUM_MISREAD, j->becomes);
}

/* Each part kept to the kernel's 12:20 bits: what the low 32 bits of a
 * glibc dev_t hold, what a raw mknodat and musl give the kernel. */
static struct devnum_tuple masked(struct devnum_tuple t)
{
	return (struct devnum_tuple){ t.major & devnum_part_max(kernel(), DEVNUM_MAJOR),
				      t.minor & devnum_part_max(kernel(), DEVNUM_MINOR) };
}

/* Where w's act makes t another tuple: the fate and what is read back. */
static void changes(const devnum_writer *w, struct devnum_judgement *j, struct devnum_tuple t,
		    struct devnum_tuple as)
{
	if (as.major == t.major && as.minor == t.minor)
		return;
	misread(j, w->reader ? DEVNUM_MISREAD : DEVNUM_TRUNCATED, t, as);
}

/* genext2fs: the low `limit` bits of each part, whatever the format holds. */
static void part_bits(const devnum_writer *w, struct devnum_judgement *j, struct devnum_tuple t)
{
	uint64_t max = (UINT64_C(1) << w->limit) - 1;
	if (over(j, DEVNUM_TRUNCATED, t, max, max))
		becomes(j, (struct devnum_tuple){ t.major & max, t.minor & max });
}

/* What writer w does beyond the format's answer in j. */
static void write_as(const devnum_writer *w, const devnum_scheme *sc, struct devnum_tuple t,
		     struct devnum_judgement *j)
{
	bool fits = j->fate == DEVNUM_SURVIVES;
	bool beyond = beyond_kernel(&(struct devnum_judgement){ 0 }, DEVNUM_SURVIVES, t);
	if (w->refuse && over(j, DEVNUM_WRITER_REFUSES, t, w->refuse, w->refuse))
		return;
	switch (w->act) {
	case A_FORMAT: break;
	case A_LEAVE_OUT: over(j, DEVNUM_LEFT_OUT, t, w->limit, w->limit); break;
	case A_LOW_BITS:
	case A_SATURATE:
		if (!j->by_scheme)
			raw_writer(w, sc, j);
		break;
	case A_MASK: changes(w, j, t, masked(t)); break;
	case A_PART_BITS:
		part_bits(w, j, t);
		break;
	case A_UNMASKED: changes(w, j, t, unmasked(w->scheme, t)); break;
	case A_ZERO_ONE:
		if (fits && !t.major && !t.minor)
			reads_back(j, DEVNUM_MISREAD, (struct devnum_tuple){ 0, 1 });
		break;
	case A_MKDEV_ZERO:
		if (fits && beyond)
			misread(j, DEVNUM_MISREAD, t, (struct devnum_tuple){ 0, 0 });
		break;
	case A_PARTS: parts_writer(sc, t, j); break;
	case A_ISOFS:
		if (fits) {
			struct devnum_tuple k = isofs_read(j->raw);
			if (k.major != t.major || k.minor != t.minor)
				reads_back(j, DEVNUM_MISREAD, k);
		}
		break;
	case A_OLD_DECODE:
		if (fits && j->raw > 0xffff)
			reads_back(j, DEVNUM_MISREAD,
				   (struct devnum_tuple){ j->raw >> 8 & 0xff, j->raw & 0xff });
		break;
	}
}

devnum_status devnum_container_fit(const devnum_container *c, const devnum_writer *w,
				   const devnum_scheme *s, struct devnum_tuple t,
				   struct devnum_judgement *j)
{
	if (!c || !j || (w && strcmp(w->container, c->name) != 0))
		return bad(j);
	pack_into(c, s, t, j);
	if (!w)
		return status(j);
	if (w->reader && j->fate != DEVNUM_SURVIVES)
		return status(j); /* a reader gets only what the format holds */
	if (j->fate == DEVNUM_NO_ROOM || j->fate == DEVNUM_NO_DEVICE)
		j->fate = DEVNUM_WRITER_REFUSES; /* a writer cannot store what its format cannot */
	write_as(w, j->scheme, t, j);
	return status(j);
}

/* The reader's tuple from tuple fields. */
static struct devnum_tuple read_tuple_fields(const devnum_container *c,
					     const struct devnum_fields *f)
{
	struct devnum_tuple t = { f->value[0], f->value[1] };
	if (c->store == S_EXT4 && f->value[0]) /* old_decode_dev: the low 16 bits */
		t = (struct devnum_tuple){ f->value[0] >> 8 & 0xff, f->value[0] & 0xff };
	else if (c->store == S_EXT4)
		t = devnum_decode_unchecked(SCHEME(linux32), f->value[1]);
	for (unsigned i = 0; i < 2; i++)
		if (f->present & 4u << i)
			*(i ? &t.minor : &t.major) = f->value[i + 2];
	return t;
}

/* What the format could not carry, named as a field above its limit. */
static void no_room(struct devnum_judgement *j, const struct devnum_judgement *canonical)
{
	const struct devnum_reason *r = &canonical->reason;
	if (r->cause == DEVNUM_ABOVE)
		above(j, DEVNUM_NO_ROOM, r->part, r->value, r->limit);
	else /* the scheme's refusal: its part */
		above(j, DEVNUM_NO_ROOM, r->part,
		      r->part == DEVNUM_MAJOR ? j->stored.major : j->stored.minor, r->limit);
}

/* The reader's rules, on fields that hold t exactly. */
static void read_as(const devnum_container *c, const struct devnum_fields *f,
		    struct devnum_tuple t, struct devnum_judgement *j)
{
	struct devnum_judgement canonical;
	pack_into(c, j->scheme, t, &canonical);
	bool beyond = beyond_kernel(&(struct devnum_judgement){ 0 }, DEVNUM_SURVIVES, t);
	j->fields = canonical.fields;
	if (c->reader == DEVNUM_READER_SATURATED && f->value[0] == ones(c->bits)) {
		above(j, DEVNUM_DAMAGED, DEVNUM_RAW, f->value[0], ones(c->bits));
		j->reason.cause = DEVNUM_SATURATION;
	} else if (canonical.fate != DEVNUM_SURVIVES) {
		no_room(j, &canonical);
	} else if ((c->reader == DEVNUM_READER_NFS_CLIENT ||
		    c->reader == DEVNUM_READER_INITRAMFS) && beyond) {
		misread(j, DEVNUM_DAMAGED, t,
			c->reader == DEVNUM_READER_NFS_CLIENT ? (struct devnum_tuple){ 0, 0 }
							      : mkdev_unmasked(t));
	} else if (c->reader == DEVNUM_READER_ZERO_ONE && !t.major && !t.minor) {
		reads_back(j, DEVNUM_DAMAGED, (struct devnum_tuple){ 0, 1 });
	} else if (c->reader == DEVNUM_READER_ISOFS &&
		   (isofs_read(f->value[0]).major != t.major ||
		    isofs_read(f->value[0]).minor != t.minor)) {
		reads_back(j, DEVNUM_DAMAGED, isofs_read(f->value[0]));
	} else if (f->present != canonical.fields.present ||
		   memcmp(f->value, canonical.fields.value, sizeof f->value) != 0) {
		j->fate = DEVNUM_ALIASED;
		j->reason = (struct devnum_reason){ .cause = DEVNUM_NONCANONICAL, .t = t };
	}
}

devnum_status devnum_container_unpack(const devnum_container *c, const devnum_scheme *s,
				      const struct devnum_fields *f,
				      struct devnum_judgement *j)
{
	if (!c || !f || !j)
		return bad(j);
	const devnum_scheme *sc = devnum_container_scheme(c, s);
	struct devnum_tuple t;
	uint64_t canon;
	start(j, sc, (struct devnum_tuple){ 0, 0 }, DEVNUM_CANONICAL);
	j->raw = f->value[0];
	if (sc && devnum_decode(sc, f->value[0], &t, &canon, &j->reason) == DEVNUM_REFUSED) {
		j->fate = DEVNUM_INVALID;
		j->by_scheme = true;
		return DEVNUM_REFUSED;
	}
	if (!sc)
		t = read_tuple_fields(c, f);
	j->stored = j->becomes = t;
	j->reason = (struct devnum_reason){ .cause = DEVNUM_NO_CAUSE };
	read_as(c, f, t, j);
	return status(j);
}
