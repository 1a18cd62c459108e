#ifndef LAMINA_TEMP_CLEANUP_H
#define LAMINA_TEMP_CLEANUP_H

/// A registry of temporary files that are removed when the process gets SIGTERM, SIGINT or SIGHUP.
/// Registration and removal are lock-free; the handler only calls async-signal-safe functions.

/// Installs the handlers (once; later calls do nothing). Returns 0, or -1 when sigaction failed.
int lamina_temp_cleanup_install(void);

/// Remembers `path` (at most 4095 bytes) until it is released. Returns a slot number ≥ 0, or -1 when
/// every slot is taken or the path is too long (the file then simply is not removed on a signal).
int lamina_temp_cleanup_register(const char *path);

/// Forgets the path of `slot` (after the file was renamed or removed). A negative slot is ignored.
void lamina_temp_cleanup_release(int slot);

#endif
