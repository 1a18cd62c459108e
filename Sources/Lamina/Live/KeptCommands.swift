/// The commands of a plan kept in one copy of a restricted plan: their indices in the plan, ascending,
/// drawn at consecutive indices from `base` in the new plan.
struct KeptCommands {
    var base: Int
    private(set) var originals: [Int] = []

    init(base: Int) { self.base = base }

    mutating func append(_ original: Int) {
        precondition(originals.last.map { $0 < original } ?? true, "kept commands must ascend")
        originals.append(original)
    }

    /// The new index of the plan's command `original`, when it was kept.
    func index(of original: Int) -> Int? {
        let p = firstPosition(atLeast: original)
        return p < originals.count && originals[p] == original ? base + p : nil
    }

    /// The new indices of the kept commands of `range`; nil when none was kept.
    func range(_ range: Range<Int>) -> Range<Int>? {
        let lo = firstPosition(atLeast: range.lowerBound), hi = firstPosition(atLeast: range.upperBound)
        return lo < hi ? (base + lo)..<(base + hi) : nil
    }

    /// Whether any command of `range` was kept (one search, for skipping what a copy left out).
    func keepsAny(of range: Range<Int>) -> Bool {
        let p = firstPosition(atLeast: range.lowerBound)
        return p < originals.count && originals[p] < range.upperBound
    }

    /// Whether every command of `range` was kept.
    func keptAll(_ range: Range<Int>) -> Bool {
        self.range(range)?.count == range.count
    }

    private func firstPosition(atLeast value: Int) -> Int {
        var lo = 0, hi = originals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if originals[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
