/* _devnum.c - the Python binding's C half: libdevnum's schemes and
 * containers as Python objects, one to one with the C calls.
 *
 * Every call holds the GIL throughout: a libdevnum call is pure
 * arithmetic over constant tables, tens of nanoseconds, less than
 * releasing and taking back the GIL would cost, and it touches no Python
 * object that another thread could change.  The objects are made once,
 * when the module is loaded, a Scheme for each scheme and a Container for
 * each container; the library's handles live as long as the program, so
 * these are never freed and `is` compares them as == compares handles. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <devnum.h>

/* The module's state: its types and exception, and the objects made from
 * the library's tables. */
struct state {
	PyObject *refused;     /* devnum.Refused, a ValueError */
	PyTypeObject *scheme_type, *container_type, *aliases_type, *judgement_type;
	PyObject *schemes;     /* tuple of Scheme, in the library's order */
	PyObject *containers;  /* tuple of Container */
};

static struct state *state_of(PyObject *module)
{
	return PyModule_GetState(module);
}

typedef struct {
	PyObject_HEAD
	const devnum_scheme *s;
} Scheme;

typedef struct {
	PyObject_HEAD
	const devnum_container *c;
} Container;

/* The module of an object's type: every type is the module's own, and
 * holds a reference to it, as each object holds one to its type. */
static PyObject *module_of(PyObject *self)
{
	return PyType_GetModule(Py_TYPE(self));
}

typedef struct {
	PyObject_HEAD
	struct devnum_aliases walk;
	uint64_t count;
} Aliases;

/* A Python int as a uint64_t part or raw: OverflowError for a negative
 * one or one above 2**64 - 1, as os.makedev does beyond its type. */
static bool u64(PyObject *o, const char *what, uint64_t *out)
{
	unsigned long long v = PyLong_AsUnsignedLongLong(o);
	if (v == (unsigned long long)-1 && PyErr_Occurred()) {
		if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
			PyErr_Clear();
			PyErr_Format(PyExc_OverflowError, "%s %R is not an unsigned 64-bit number",
				     what, o);
		}
		return false;
	}
	*out = v;
	return true;
}

static bool tuple_arg(PyObject *const *args, Py_ssize_t n, const char *name,
		      struct devnum_tuple *t)
{
	if (n != 2) {
		PyErr_Format(PyExc_TypeError, "%s() takes major and minor (%zd given)", name, n);
		return false;
	}
	return u64(args[0], "major", &t->major) && u64(args[1], "minor", &t->minor);
}

static bool raw_arg(PyObject *const *args, Py_ssize_t n, const char *name, uint64_t *raw)
{
	if (n != 1) {
		PyErr_Format(PyExc_TypeError, "%s() takes one raw value (%zd given)", name, n);
		return false;
	}
	return u64(args[0], "raw", raw);
}

/* The Scheme object of handle s, borrowed; None for NULL. */
static PyObject *scheme_object(struct state *st, const devnum_scheme *s)
{
	for (Py_ssize_t i = 0; s && i < PyTuple_GET_SIZE(st->schemes); i++) {
		PyObject *o = PyTuple_GET_ITEM(st->schemes, i);
		if (((Scheme *)o)->s == s)
			return o;
	}
	return Py_None;
}

/* Sets o.name to v, a new reference it takes; -1 on failure. */
static int set(PyObject *o, const char *name, PyObject *v)
{
	int r = v ? PyObject_SetAttrString(o, name, v) : -1;
	Py_XDECREF(v);
	return r;
}

/* Raises devnum.Refused for why: the words as its message, and its cause,
 * part, value and limit as attributes. */
static PyObject *refuse(PyObject *module, const devnum_scheme *s, const struct devnum_reason *why)
{
	struct state *st = state_of(module);
	char words[256];
	static const char *const parts[] = { "major", "minor", "raw" };
	devnum_strreason(words, sizeof words, s, why);
	PyObject *e = PyObject_CallFunction(st->refused, "s", words);
	if (!e)
		return NULL;
	if (set(e, "cause", PyUnicode_FromString(devnum_cause_name(why->cause))) ||
	    set(e, "scheme", Py_NewRef(scheme_object(st, s))) ||
	    set(e, "part", PyUnicode_FromString(parts[why->part])) ||
	    set(e, "value", PyLong_FromUnsignedLongLong(why->value)) ||
	    set(e, "limit", PyLong_FromUnsignedLongLong(why->limit))) {
		Py_DECREF(e);
		return NULL;
	}
	PyErr_SetObject(st->refused, e);
	Py_DECREF(e);
	return NULL;
}

static PyObject *pair(struct devnum_tuple t)
{
	return Py_BuildValue("(KK)", (unsigned long long)t.major, (unsigned long long)t.minor);
}

static PyObject *scheme_encode(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Scheme *o = (Scheme *)self;
	struct devnum_tuple t;
	struct devnum_reason why;
	uint64_t raw;
	if (!tuple_arg(args, n, "encode", &t))
		return NULL;
	if (devnum_encode(o->s, t, &raw, &why) != DEVNUM_OK)
		return refuse(module_of(self), o->s, &why);
	return PyLong_FromUnsignedLongLong(raw);
}

/* decode and canonical: the raw's tuple and canonical raw, or Refused. */
static bool decoded(PyObject *self, PyObject *const *args, Py_ssize_t n, const char *name,
		    struct devnum_tuple *t, uint64_t *canon)
{
	const devnum_scheme *s = ((Scheme *)self)->s;
	struct devnum_reason why;
	uint64_t raw;
	if (!raw_arg(args, n, name, &raw))
		return false;
	if (devnum_decode(s, raw, t, canon, &why) == DEVNUM_REFUSED) {
		refuse(module_of(self), s, &why);
		return false;
	}
	return true;
}

static PyObject *scheme_decode(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	struct devnum_tuple t;
	uint64_t canon;
	return decoded(self, args, n, "decode", &t, &canon) ? pair(t) : NULL;
}

static PyObject *scheme_canonical(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	struct devnum_tuple t;
	uint64_t canon;
	if (!decoded(self, args, n, "canonical", &t, &canon))
		return NULL;
	return PyLong_FromUnsignedLongLong(canon);
}

static PyObject *scheme_decode_unchecked(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	uint64_t raw;
	if (!raw_arg(args, n, "decode_unchecked", &raw))
		return NULL;
	return pair(devnum_decode_unchecked(((Scheme *)self)->s, raw));
}

static PyObject *scheme_within(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	struct devnum_tuple t;
	if (!tuple_arg(args, n, "within", &t))
		return NULL;
	return PyBool_FromLong(devnum_within(((Scheme *)self)->s, t, NULL) == DEVNUM_OK);
}

static PyObject *scheme_aliases(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Scheme *o = (Scheme *)self;
	struct devnum_tuple t;
	struct devnum_reason why;
	if (!tuple_arg(args, n, "aliases", &t))
		return NULL;
	Aliases *a = PyObject_New(Aliases, state_of(module_of(self))->aliases_type);
	if (!a)
		return NULL;
	if (devnum_aliases_start(&a->walk, o->s, t, &a->count, &why) != DEVNUM_OK) {
		Py_DECREF(a);
		return refuse(module_of(self), o->s, &why);
	}
	return (PyObject *)a;
}

/* pickle and copy: by name, to the same object */
static PyObject *reduce(PyObject *self, const char *maker, const char *name)
{
	PyObject *fn = PyObject_GetAttrString(module_of(self), maker);
	PyObject *r = fn ? Py_BuildValue("(O(s))", fn, name) : NULL;
	Py_XDECREF(fn);
	return r;
}

static PyObject *scheme_reduce(PyObject *self, PyObject *unused)
{
	(void)unused;
	return reduce(self, "scheme", devnum_scheme_name(((Scheme *)self)->s));
}

static PyObject *scheme_repr(PyObject *self)
{
	return PyUnicode_FromFormat("<devnum.Scheme %s>", devnum_scheme_name(((Scheme *)self)->s));
}

static PyObject *scheme_str(PyObject *self)
{
	return PyUnicode_FromString(devnum_scheme_name(((Scheme *)self)->s));
}

/* "a b c" as ("a", "b", "c"), the first word first if given. */
static PyObject *words(const char *first, const char *blank_separated)
{
	PyObject *text = PyUnicode_FromFormat("%s%s%s", first ? first : "",
					      first && *blank_separated ? " " : "", blank_separated);
	if (!text)
		return NULL;
	PyObject *list = PyUnicode_Split(text, NULL, -1);
	Py_DECREF(text);
	if (!list)
		return NULL;
	PyObject *tuple = PyList_AsTuple(list);
	Py_DECREF(list);
	return tuple;
}

/* A getter of a Scheme's attribute: one expression of its handle s. */
#define SCHEME_GETTER(attr, expr)                                        \
	static PyObject *scheme_##attr(PyObject *self, void *closure)    \
	{                                                                \
		const devnum_scheme *s = ((Scheme *)self)->s;            \
		(void)closure;                                           \
		return (expr);                                           \
	}
SCHEME_GETTER(name, PyUnicode_FromString(devnum_scheme_name(s)))
SCHEME_GETTER(names, words(devnum_scheme_name(s), devnum_scheme_aliases(s)))
SCHEME_GETTER(origin, PyUnicode_FromString(devnum_scheme_origin(s)))
SCHEME_GETTER(width, PyLong_FromUnsignedLong(devnum_scheme_width(s)))
SCHEME_GETTER(major_max, PyLong_FromUnsignedLongLong(devnum_part_max(s, DEVNUM_MAJOR)))
SCHEME_GETTER(minor_max, PyLong_FromUnsignedLongLong(devnum_part_max(s, DEVNUM_MINOR)))
SCHEME_GETTER(raw_max, PyLong_FromUnsignedLongLong(devnum_raw_max(s)))
SCHEME_GETTER(ignored, PyLong_FromUnsignedLongLong(devnum_scheme_ignored(s)))
SCHEME_GETTER(fixed, PyLong_FromUnsignedLongLong(devnum_scheme_fixed(s)))
SCHEME_GETTER(packed, PyBool_FromLong(!(devnum_scheme_flags(s) & DEVNUM_TEXT)))
SCHEME_GETTER(within_scheme,
	      Py_NewRef(scheme_object(state_of(module_of(self)), devnum_scheme_within(s))))

#define GET(attr, doc) { #attr, scheme_##attr, NULL, doc, NULL }
static PyGetSetDef scheme_getset[] = {
	GET(name, "its name, as devnum schemes lists it"),
	GET(names, "its name and every other name, a tuple"),
	GET(origin, "one line: where the layout comes from"),
	GET(width, "bits of the raw value: 16, 32 or 64"),
	GET(major_max, "the largest major (all the bits it carries)"),
	GET(minor_max, "the largest minor (all the bits it carries)"),
	GET(raw_max, "the largest raw value"),
	GET(ignored, "raw bits that decoding ignores"),
	GET(fixed, "raw bits that encoding always sets"),
	GET(packed, "False for a layout never packed into one number (tuple)"),
	GET(within_scheme, "the scheme whose limits the platform imposes too, or None"),
	{ NULL, NULL, NULL, NULL, NULL },
};

#define FAST(name, fn, doc) { name, (PyCFunction)(void (*)(void))(fn), METH_FASTCALL, doc }
static PyMethodDef scheme_methods[] = {
	FAST("encode", scheme_encode,
	     "encode(major, minor) -> int\n\nThe raw value of the tuple; Refused when it does not fit."),
	FAST("decode", scheme_decode,
	     "decode(raw) -> (major, minor)\n\nThe tuple of a raw value, aliases too; Refused when it is "
	     "no device."),
	FAST("canonical", scheme_canonical,
	     "canonical(raw) -> int\n\nThe canonical raw value of the raw's tuple; Refused when it is "
	     "no device."),
	FAST("decode_unchecked", scheme_decode_unchecked,
	     "decode_unchecked(raw) -> (major, minor)\n\nWhat a reader that checks nothing makes of "
	     "raw: each field from its place, the highest taking every bit above it."),
	FAST("aliases", scheme_aliases,
	     "aliases(major, minor) -> iterator of int\n\nEvery raw value that decodes to the tuple, "
	     "canonical first, computed as it goes; .count says how many.  Refused when the tuple "
	     "does not encode."),
	FAST("within", scheme_within,
	     "within(major, minor) -> bool\n\nWhether the platform behind the scheme can hold the "
	     "tuple too (glibc's dev_t holds 32:32, Linux 12:20)."),
	{ "__reduce__", scheme_reduce, METH_NOARGS, NULL },
	{ NULL, NULL, 0, NULL },
};

static PyType_Slot scheme_slots[] = {
	{ Py_tp_doc, (void *)"A layout of the raw value: devnum.scheme(name) gives one." },
	{ Py_tp_repr, (void *)scheme_repr },
	{ Py_tp_str, (void *)scheme_str },
	{ Py_tp_methods, scheme_methods },
	{ Py_tp_getset, scheme_getset },
	{ 0, NULL },
};

static PyType_Spec scheme_spec = {
	"devnum.Scheme", sizeof(Scheme), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
	scheme_slots,
};

static PyObject *aliases_next(PyObject *self)
{
	uint64_t raw;
	if (!devnum_aliases_next(&((Aliases *)self)->walk, &raw))
		return NULL; /* StopIteration, no exception set */
	return PyLong_FromUnsignedLongLong(raw);
}

static PyMemberDef aliases_members[] = {
	{ "count", T_ULONGLONG, offsetof(Aliases, count), READONLY,
	  "how many raw values decode to the tuple (2**64 - 1 for that many or more)" },
	{ NULL, 0, 0, 0, NULL },
};

static PyType_Slot aliases_slots[] = {
	{ Py_tp_doc, (void *)"The raw values of one tuple, canonical first." },
	{ Py_tp_iter, (void *)PyObject_SelfIter },
	{ Py_tp_iternext, (void *)aliases_next },
	{ Py_tp_members, aliases_members },
	{ 0, NULL },
};

static PyType_Spec aliases_spec = {
	"devnum.Aliases", sizeof(Aliases), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
	aliases_slots,
};

static PyStructSequence_Field judgement_fields[] = {
	{ "fate", "survives, too-big, truncated, misread, ... as devnum fits says" },
	{ "becomes", "the (major, minor) its reader gets, or None when it is not stored" },
	{ "reason", "why, in devnum's words, or None when it survives" },
	{ "cause", "the reason's cause, a word (too-big, above, reads-back ...), or None" },
	{ "raw", "a raw container's raw value, or None" },
	{ "scheme", "a raw container's scheme, or None" },
	{ "fields", "the fields as the format writes them (unpack: the canonical ones), or None" },
	{ NULL, NULL },
};

static PyStructSequence_Desc judgement_desc = {
	"devnum.Judgement", "What becomes of a tuple in a container.", judgement_fields, 7,
};

/* A container's answer (fit, pack, unpack) as a Judgement. */
enum { JUDGEMENT_ITEMS = 7 };
static PyObject *judgement(struct state *st, const devnum_container *c, devnum_status v,
			   const struct devnum_judgement *j)
{
	char words[256], fields[128];
	bool stored = v != DEVNUM_REFUSED, plain = j->reason.cause == DEVNUM_NO_CAUSE;
	bool raw = stored && j->scheme;
	PyObject *o = PyStructSequence_New(st->judgement_type);
	if (!o)
		return NULL;
	devnum_strreason(words, sizeof words, j->scheme, &j->reason);
	devnum_fields_print(fields, sizeof fields, c, &j->fields);
	PyObject *item[JUDGEMENT_ITEMS] = {
		PyUnicode_FromString(devnum_fate_name(j->fate)),
		stored ? pair(j->becomes) : Py_NewRef(Py_None),
		plain ? Py_NewRef(Py_None) : PyUnicode_FromString(words),
		plain ? Py_NewRef(Py_None) : PyUnicode_FromString(devnum_cause_name(j->reason.cause)),
		raw ? PyLong_FromUnsignedLongLong(j->raw) : Py_NewRef(Py_None),
		Py_NewRef(raw ? scheme_object(st, j->scheme) : Py_None),
		stored ? PyUnicode_FromString(fields) : Py_NewRef(Py_None),
	};
	for (Py_ssize_t i = 0; i < JUDGEMENT_ITEMS; i++) {
		if (!item[i]) {
			for (Py_ssize_t k = i + 1; k < JUDGEMENT_ITEMS; k++)
				Py_XDECREF(item[k]);
			Py_DECREF(o);
			return NULL;
		}
		PyStructSequence_SetItem(o, i, item[i]);
	}
	return o;
}

static const devnum_scheme *scheme_of(struct state *st, PyObject *o)
{
	if (o == NULL || o == Py_None)
		return NULL;
	if (PyObject_TypeCheck(o, st->scheme_type))
		return ((Scheme *)o)->s;
	if (PyUnicode_Check(o)) {
		const char *name = PyUnicode_AsUTF8(o);
		const devnum_scheme *s = name ? devnum_scheme_find(name) : NULL;
		if (!s && name)
			PyErr_Format(PyExc_ValueError, "unknown scheme %R", o);
		return s;
	}
	PyErr_Format(PyExc_TypeError, "scheme must be a Scheme, a name or None, not %.100s",
		     Py_TYPE(o)->tp_name);
	return NULL;
}

/* A tuple and a scheme (a Scheme, a name or None) from a call's arguments. */
static bool tuple_scheme(struct state *st, PyObject *ma, PyObject *mi, PyObject *scheme,
			 struct devnum_tuple *t, const devnum_scheme **s)
{
	if (!u64(ma, "major", &t->major) || !u64(mi, "minor", &t->minor))
		return false;
	*s = scheme_of(st, scheme);
	return *s || !PyErr_Occurred();
}

static PyObject *container_fit(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "major", "minor", "writer", "scheme", NULL };
	Container *o = (Container *)self;
	struct state *st = state_of(module_of(self));
	PyObject *ma, *mi, *scheme = NULL;
	const char *name = NULL;
	struct devnum_tuple t;
	struct devnum_judgement j;
	const devnum_scheme *s;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|z$O:fit", kwlist, &ma, &mi, &name, &scheme) ||
	    !tuple_scheme(st, ma, mi, scheme, &t, &s))
		return NULL;
	const devnum_writer *w = name ? devnum_writer_find(name, o->c) : NULL;
	if (name && !w)
		return PyErr_Format(PyExc_ValueError, "%s is no writer of %s", name,
				    devnum_container_name(o->c));
	return judgement(st, o->c, devnum_container_fit(o->c, w, s, t, &j), &j);
}

static PyObject *container_pack(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "major", "minor", "scheme", NULL };
	Container *o = (Container *)self;
	struct state *st = state_of(module_of(self));
	PyObject *ma, *mi, *scheme = NULL;
	struct devnum_tuple t;
	struct devnum_judgement j;
	const devnum_scheme *s;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|$O:pack", kwlist, &ma, &mi, &scheme) ||
	    !tuple_scheme(st, ma, mi, scheme, &t, &s))
		return NULL;
	return judgement(st, o->c, devnum_container_pack(o->c, s, t, &j), &j);
}

static PyObject *container_unpack(PyObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "fields", "scheme", NULL };
	Container *o = (Container *)self;
	struct state *st = state_of(module_of(self));
	PyObject *scheme = NULL;
	const char *text;
	Py_ssize_t n;
	struct devnum_fields f;
	struct devnum_judgement j;
	char err[256];
	if (!PyArg_ParseTupleAndKeywords(args, kw, "s#|$O:unpack", kwlist, &text, &n, &scheme))
		return NULL;
	const devnum_scheme *s = scheme_of(st, scheme);
	if (!s && PyErr_Occurred())
		return NULL;
	if (devnum_fields_parse(o->c, text, (size_t)n, &f, err, sizeof err) != DEVNUM_OK)
		return PyErr_Format(PyExc_ValueError, "%s", err);
	return judgement(st, o->c, devnum_container_unpack(o->c, s, &f, &j), &j);
}

/* The names of the writers whose rows write container c, a tuple. */
static PyObject *writers_of(const devnum_container *c)
{
	PyObject *list = PyList_New(0);
	for (size_t i = 0; list && i < devnum_writer_count(); i++) {
		const devnum_writer *w = devnum_writer_at(i);
		if (devnum_writer_container(w) != c)
			continue;
		PyObject *name = PyUnicode_FromString(devnum_writer_name(w));
		if (!name || PyList_Append(list, name))
			Py_CLEAR(list);
		Py_XDECREF(name);
	}
	PyObject *tuple = list ? PyList_AsTuple(list) : NULL;
	Py_XDECREF(list);
	return tuple;
}

static PyObject *text_or_none(const char *text)
{
	return text ? PyUnicode_FromString(text) : Py_NewRef(Py_None);
}

#define CONTAINER_GETTER(attr, expr)                                     \
	static PyObject *container_##attr(PyObject *self, void *closure) \
	{                                                                \
		const devnum_container *c = ((Container *)self)->c;      \
		(void)closure;                                           \
		return (expr);                                           \
	}
CONTAINER_GETTER(name, PyUnicode_FromString(devnum_container_name(c)))
CONTAINER_GETTER(names, words(devnum_container_name(c), devnum_container_aliases(c)))
CONTAINER_GETTER(kind, PyUnicode_FromString(devnum_container_kind(c)))
CONTAINER_GETTER(about, PyUnicode_FromString(devnum_container_about(c)))
CONTAINER_GETTER(note, text_or_none(devnum_container_note(c)))
CONTAINER_GETTER(fields, words(NULL, devnum_container_field_names(c)))
CONTAINER_GETTER(writers, writers_of(c))

#define CGET(attr, doc) { #attr, container_##attr, NULL, doc, NULL }
static PyGetSetDef container_getset[] = {
	CGET(name, "its name, as devnum containers lists it"),
	CGET(names, "its name and every other name, a tuple"),
	CGET(kind, "archive, file system or protocol"),
	CGET(about, "one line: what it is"),
	CGET(note, "what a user should know beyond that, or None"),
	CGET(fields, "the names of the fields it stores, a tuple"),
	CGET(writers, "the writers whose behaviour devnum knows for it, a tuple of names"),
	{ NULL, NULL, NULL, NULL, NULL },
};

static PyObject *container_reduce(PyObject *self, PyObject *unused)
{
	(void)unused;
	return reduce(self, "container", devnum_container_name(((Container *)self)->c));
}

static PyMethodDef container_methods[] = {
	{ "fit", (PyCFunction)(void (*)(void))container_fit, METH_VARARGS | METH_KEYWORDS,
	  "fit(major, minor, writer=None, *, scheme=None) -> Judgement\n\nWhat becomes of the tuple "
	  "in this container, written by the named writer (None: by the format's capacity alone); "
	  "scheme is the layout of a raw field the writing host decides (None: this system's)." },
	{ "pack", (PyCFunction)(void (*)(void))container_pack, METH_VARARGS | METH_KEYWORDS,
	  "pack(major, minor, *, scheme=None) -> Judgement\n\nThe fields the container stores for "
	  "the tuple, by the format alone: fate survives, or why it cannot hold it." },
	{ "unpack", (PyCFunction)(void (*)(void))container_unpack, METH_VARARGS | METH_KEYWORDS,
	  "unpack(fields, *, scheme=None) -> Judgement\n\nWhat the container's reader makes of "
	  "fields written as the format writes them (\"0000010 0000001\"): fate canonical, alias, "
	  "damaged or invalid.  ValueError for text that is no such fields." },
	{ "__reduce__", container_reduce, METH_NOARGS, NULL },
	{ NULL, NULL, 0, NULL },
};

static PyObject *container_repr(PyObject *self)
{
	return PyUnicode_FromFormat("<devnum.Container %s>",
				    devnum_container_name(((Container *)self)->c));
}

static PyObject *container_str(PyObject *self)
{
	return PyUnicode_FromString(devnum_container_name(((Container *)self)->c));
}

static PyType_Slot container_slots[] = {
	{ Py_tp_doc, (void *)"Where a device number is stored: devnum.container(name) gives one." },
	{ Py_tp_repr, (void *)container_repr },
	{ Py_tp_str, (void *)container_str },
	{ Py_tp_methods, container_methods },
	{ Py_tp_getset, container_getset },
	{ 0, NULL },
};

static PyType_Spec container_spec = {
	"devnum.Container", sizeof(Container), 0,
	Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, container_slots,
};

static PyObject *module_schemes(PyObject *module, PyObject *unused)
{
	(void)unused;
	return Py_NewRef(state_of(module)->schemes);
}

static PyObject *module_containers(PyObject *module, PyObject *unused)
{
	(void)unused;
	return Py_NewRef(state_of(module)->containers);
}

/* The object named `name` among `all`, by the library's own lookup. */
static PyObject *named(PyObject *all, PyObject *arg, const char *what, bool scheme)
{
	const char *name = PyUnicode_AsUTF8(arg);
	if (!name)
		return NULL;
	const void *h = scheme ? (const void *)devnum_scheme_find(name)
			       : (const void *)devnum_container_find(name);
	for (Py_ssize_t i = 0; h && i < PyTuple_GET_SIZE(all); i++) {
		PyObject *o = PyTuple_GET_ITEM(all, i);
		if ((scheme ? (const void *)((Scheme *)o)->s : (const void *)((Container *)o)->c) == h)
			return Py_NewRef(o);
	}
	return PyErr_Format(PyExc_ValueError, "unknown %s %R", what, arg);
}

static PyObject *module_scheme(PyObject *module, PyObject *arg)
{
	return named(state_of(module)->schemes, arg, "scheme", true);
}

static PyObject *module_container(PyObject *module, PyObject *arg)
{
	return named(state_of(module)->containers, arg, "container", false);
}

static PyObject *module_native(PyObject *module, PyObject *unused)
{
	(void)unused;
	return Py_NewRef(scheme_object(state_of(module), devnum_scheme_native()));
}

static PyObject *module_version(PyObject *module, PyObject *unused)
{
	(void)module, (void)unused;
	return PyUnicode_FromString(devnum_version());
}

static PyMethodDef module_methods[] = {
	{ "schemes", module_schemes, METH_NOARGS, "schemes() -> tuple of Scheme, every scheme" },
	{ "scheme", module_scheme, METH_O,
	  "scheme(name) -> Scheme\n\nA scheme by name or other name, ASCII case ignored; "
	  "ValueError for none." },
	{ "native", module_native, METH_NOARGS,
	  "native() -> Scheme or None\n\nThe running system's scheme." },
	{ "containers", module_containers, METH_NOARGS,
	  "containers() -> tuple of Container, every container" },
	{ "container", module_container, METH_O,
	  "container(name) -> Container\n\nA container by name or other name; ValueError for none." },
	{ "library_version", module_version, METH_NOARGS,
	  "library_version() -> str\n\nThe version of the libdevnum running." },
	{ NULL, NULL, 0, NULL },
};

/* One object of `type` for each handle of a table, as a tuple. */
static PyObject *objects(PyTypeObject *type, size_t n, bool scheme)
{
	PyObject *all = PyTuple_New((Py_ssize_t)n);
	for (size_t i = 0; all && i < n; i++) {
		PyObject *o = type->tp_alloc(type, 0);
		if (!o) {
			Py_CLEAR(all);
			break;
		}
		if (scheme)
			((Scheme *)o)->s = devnum_scheme_at(i);
		else
			((Container *)o)->c = devnum_container_at(i);
		PyTuple_SET_ITEM(all, (Py_ssize_t)i, o);
	}
	return all;
}

static int module_exec(PyObject *module)
{
	struct state *st = state_of(module);
	st->refused = PyErr_NewExceptionWithDoc(
		"devnum.Refused",
		"A value does not fit, or is no device, in a scheme: a ValueError whose message is "
		"libdevnum's words, with the attributes cause (a word: too-big, gap, in-window, "
		"is-nodev, too-wide, sentinel, stray), scheme, part (major, minor or raw), value and "
		"limit.",
		PyExc_ValueError, NULL);
	st->scheme_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &scheme_spec, NULL);
	st->container_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &container_spec, NULL);
	st->aliases_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &aliases_spec, NULL);
	st->judgement_type = PyStructSequence_NewType(&judgement_desc);
	if (!st->refused || !st->scheme_type || !st->container_type || !st->aliases_type ||
	    !st->judgement_type)
		return -1;
	st->schemes = objects(st->scheme_type, devnum_scheme_count(), true);
	st->containers = objects(st->container_type, devnum_container_count(), false);
	if (!st->schemes || !st->containers)
		return -1;
	if (PyModule_AddObjectRef(module, "Refused", st->refused) ||
	    PyModule_AddObjectRef(module, "Scheme", (PyObject *)st->scheme_type) ||
	    PyModule_AddObjectRef(module, "Container", (PyObject *)st->container_type) ||
	    PyModule_AddObjectRef(module, "Aliases", (PyObject *)st->aliases_type) ||
	    PyModule_AddObjectRef(module, "Judgement", (PyObject *)st->judgement_type) ||
	    PyModule_AddStringConstant(module, "__version__", DEVNUM_VERSION_STRING))
		return -1;
	return 0;
}

/* The state's references, for the garbage collector to visit and clear. */
#define STATE_REFS(X) \
	X(st->refused) X(st->scheme_type) X(st->container_type) X(st->aliases_type) \
	X(st->judgement_type) X(st->schemes) X(st->containers)

static int module_traverse(PyObject *module, visitproc visit, void *arg)
{
	struct state *st = state_of(module);
#define VISIT(ref) Py_VISIT(ref);
	STATE_REFS(VISIT)
	return 0;
}

static int module_clear(PyObject *module)
{
	struct state *st = state_of(module);
#define CLEAR(ref) Py_CLEAR(ref);
	STATE_REFS(CLEAR)
	return 0;
}

static void module_free(void *module)
{
	module_clear(module);
}

static PyModuleDef_Slot module_slots[] = {
	{ Py_mod_exec, (void *)module_exec },
	{ 0, NULL },
};

static struct PyModuleDef module_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "devnum._devnum",
	.m_doc = "libdevnum's schemes and containers; use the devnum package.",
	.m_size = sizeof(struct state),
	.m_methods = module_methods,
	.m_slots = module_slots,
	.m_traverse = module_traverse,
	.m_clear = module_clear,
	.m_free = module_free,
};

PyMODINIT_FUNC PyInit__devnum(void)
{
	return PyModuleDef_Init(&module_def);
}
