import Foundation

/// What the process has used so far: memory (peak and current resident set) and CPU time.
enum ProcessUsage {
    /// Peak resident set size in MB, from getrusage.
    static func peakResidentMB() -> Double {
        Double(resources().ru_maxrss) / 1024
    }

    /// Current resident set size in MB, from /proc/self/statm.
    static func residentMB() -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let parts = s.split(separator: " ")
        guard parts.count > 1, let pages = Double(parts[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Milliseconds of CPU time (user + system) of every thread of the process: the backends' worker
    /// threads and llvmpipe's rasterizer threads included. On a busy or shared machine it moves less
    /// than wall time, so `lamina bench` reports it per frame beside the wall-clock medians.
    static func cpuMilliseconds() -> Double {
        let u = resources()
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(u.ru_utime) + ms(u.ru_stime)
    }

    private static func resources() -> rusage {
        var u = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &u)
        return u
    }
}
