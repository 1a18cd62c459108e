import Foundation

/// CPU time the whole process has used (user + system, every thread: the backends' worker threads and
/// llvmpipe's rasterizer threads included), from getrusage. On a busy or shared machine it moves less
/// than wall time, so `lamina bench` reports it per frame beside the wall-clock medians.
enum ProcessCPUTime {
    /// Milliseconds of CPU time used so far.
    static func milliseconds() -> Double {
        var u = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &u)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(u.ru_utime) + ms(u.ru_stime)
    }
}
