/* wim_calls.h - the wimlib functions scan uses for WIM images, reached
 * through dlopen at the first WIM (loader.h). */
#ifndef WIM_CALLS_H
#define WIM_CALLS_H

#include <stddef.h>
#include <wimlib.h>

#include "scan/libs/loader.h"

#define WIM_CALLS(X) \
	X(int, wimlib_open_wim, (const wimlib_tchar *, int, WIMStruct **)) \
	X(int, wimlib_get_wim_info, (WIMStruct *, struct wimlib_wim_info *)) \
	X(int, wimlib_iterate_dir_tree, (WIMStruct *, int, const wimlib_tchar *, int, \
					 wimlib_iterate_dir_tree_callback_t, void *)) \
	X(const wimlib_tchar *, wimlib_get_error_string, (enum wimlib_error_code)) \
	X(void, wimlib_free, (WIMStruct *))

struct wim_calls {
	WIM_CALLS(CALL_FIELD)
	void *lib; /* the library they were found in; NULL until loaded */
};

/* calls, libwim loaded into them on the first call; NULL with the reason
 * in err when it cannot be loaded. */
const struct wim_calls *wim_calls(struct wim_calls *calls, char *err, size_t size);

#endif
