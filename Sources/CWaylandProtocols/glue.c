#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>
#include <errno.h>
#include "include/CWaylandGlue.h"

// Addresses of the interface tables: Swift imports a C `extern const struct` as a copied value, while
// libwayland compares interfaces by address.
const struct wl_interface *lamina_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *lamina_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *lamina_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *lamina_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *lamina_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *lamina_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *lamina_zwlr_virtual_pointer_manager_v1_interface(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
const struct wl_interface *lamina_zwp_virtual_keyboard_manager_v1_interface(void) { return &zwp_virtual_keyboard_manager_v1_interface; }

int lamina_anonymous_file(size_t size) {
    int fd = memfd_create("lamina-shm", MFD_CLOEXEC);
    if (fd < 0) return -1;
    int r;
    do { r = ftruncate(fd, (off_t)size); } while (r < 0 && errno == EINTR);
    if (r < 0) { int e = errno; close(fd); errno = e; return -1; }
    return fd;
}
