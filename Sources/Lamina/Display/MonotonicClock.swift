#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock that frame slots, input arrivals and presentations are stamped with (CLOCK_MONOTONIC,
/// the clock Wayland compositors and libinput use).
public enum MonotonicClock {
    /// Seconds since an unspecified start.
    public static func seconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
