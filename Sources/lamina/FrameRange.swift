import ArgumentParser

/// `A..B`: the frame numbers of a sequence, both ends included, 0 ≤ A ≤ B.
struct FrameRange: ExpressibleByArgument, Equatable {
    var first: Int
    var last: Int

    /// The most frames one command writes.
    static let maxCount = 1_000_000

    init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    init?(argument: String) {
        let parts = argument.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty, let a = Int(parts[0]), let b = Int(parts[2]),
              a >= 0, b >= a, b - a < FrameRange.maxCount else { return nil }
        first = a
        last = b
    }

    var count: Int { last - first + 1 }

    static var defaultValueDescription: String { "A..B" }
}
