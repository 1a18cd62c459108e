import Foundation

/// The memory one render may use: decoded images, path masks, offscreens, the canvas and image crops
/// are accounted against it before they are allocated, and a scene that cannot fit is refused as bad
/// input with a line that says how much it needs.
///
/// The default is a quarter of the memory this process may use (the machine's physical memory, or
/// the cgroup's `memory.max` when that is lower, as in a container), so that a few renders at once
/// and the rest of the process still fit. The CLI's `--memory-limit` and the service's option replace it.
public struct MemoryBudget: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes a render may hold at once.
    public var bytes: Int

    public init(bytes: Int) {
        self.bytes = max(0, bytes)
    }

    #if canImport(Glibc)
    private static let RLIMIT_AS_CODE = Int32(RLIMIT_AS.rawValue)
    #else
    private static let RLIMIT_AS_CODE = RLIMIT_AS
    #endif

    /// A quarter of `MemoryBudget.availableMemory()`.
    public static var machineDefault: MemoryBudget { MemoryBudget(bytes: availableMemory() / 4) }

    /// Physical memory, or the cgroup v2 limit of this process, or its address-space limit (`ulimit -v`),
    /// whichever is lowest.
    public static func availableMemory() -> Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        var physical = pages > 0 && size > 0 ? pages.multipliedReportingOverflow(by: size).partialValue : 8 << 30
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
           let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0 {
            physical = min(physical, limit)
        }
        var space = rlimit()
        if getrlimit(RLIMIT_AS_CODE, &space) == 0, space.rlim_cur < UInt64(Int.max) {
            physical = min(physical, Int(space.rlim_cur))
        }
        return physical
    }

    /// Parses a size such as `512M`, `2G`, `1.5GiB` or a plain number of bytes; nil when malformed.
    public static func parse(_ text: String) -> MemoryBudget? {
        let t = text.trimmingCharacters(in: .whitespaces).uppercased()
        let (k, m, g) = (1024.0, 1024.0 * 1024, 1024.0 * 1024 * 1024)
        let units: [(String, Double)] = [("GIB", g), ("MIB", m), ("KIB", k), ("GB", g), ("MB", m), ("KB", k),
                                         ("G", g), ("M", m), ("K", k), ("B", 1)]
        var number = Substring(t), multiplier = 1.0
        for (suffix, m) in units where t.hasSuffix(suffix) {
            number = t.dropLast(suffix.count)
            multiplier = m
            break
        }
        guard let v = Double(number.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 0, v * multiplier < 1e18 else { return nil }
        return MemoryBudget(bytes: Int(v * multiplier))
    }

    /// The budget in the units people read, e.g. `1.5 GiB`.
    public var description: String { MemoryBudget.format(bytes) }

    /// `bytes` as KiB, MiB or GiB with at most one decimal.
    public static func format(_ bytes: Int) -> String {
        let b = Double(bytes)
        if b >= Double(1 << 30) { return Format.number((b / Double(1 << 30) * 10).rounded() / 10) + " GiB" }
        if b >= Double(1 << 20) { return Format.number((b / Double(1 << 20) * 10).rounded() / 10) + " MiB" }
        if b >= Double(1 << 10) { return Format.number((b / Double(1 << 10) * 10).rounded() / 10) + " KiB" }
        return "\(bytes) bytes"
    }
}
