/* wim_calls.c - libwim, loaded when scan first meets a WIM image. */
#include <config.h>

#include "scan/libs/wim_calls.h"

const struct wim_calls *wim_calls(struct wim_calls *calls, char *err, size_t size)
{
	if (!calls->lib)
		calls->lib = LOAD_CALLS(WIM_CALLS, WIM_SONAME, "scan of WIM images", err, size);
	return calls->lib ? calls : NULL;
}
