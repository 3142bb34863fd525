# DEVNUM_SONAME(VARIABLE, PKG-CONFIG MODULE, LIBRARY, DEFAULT)
# ------------------------------------------------------------
# The file name dlopen loads LIBRARY by: its soname, read from the
# library pkg-config names (VARIABLE, when set, overrides it; DEFAULT when
# it cannot be read, as in a cross build without objdump).
AC_DEFUN([DEVNUM_SONAME], [
AC_ARG_VAR([$1], [the file name scan loads $3 by])
AS_IF([test -z "$$1"], [
  devnum_dir=`$PKG_CONFIG --variable=libdir $2 2>/dev/null`
  $1=`$OBJDUMP -p "$devnum_dir/$3.so" 2>/dev/null | $AWK '$[]1 == "SONAME" { print $[]2 }'`
  AS_IF([test -z "$$1"], [$1=$4])
])
AC_MSG_NOTICE([scan loads $3 as $$1])
AC_DEFINE_UNQUOTED([$1], ["$$1"], [$3's soname, for dlopen])
])
