#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/// `XDestroyImage` is a macro; Swift needs a function.
static inline int rr_x_destroy_image(XImage *image) { return XDestroyImage(image); }
