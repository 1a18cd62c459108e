/// The layers of a plan that draw something, in the order their bodies begin — an enclosing layer before
/// the layers it holds — each with the commands it spans: the plan's layer items in pre-order, as
/// `PlanWalk` offers them and `PlanTree` nests them.
///
/// The planner lists `RenderPlan.layers` in this order already; layers of a plan made by hand in another
/// order are sorted (by beginning, the longer span first, and for the same span in their listed order).
public struct DrawnLayers: Sendable {
    /// One layer: its index in `RenderPlan.layers` and the commands from its first part to its last.
    public struct Entry: Sendable {
        /// The index in `RenderPlan.layers`.
        public let layer: Int
        /// The commands from the layer's first part to its last.
        public let span: Range<Int>
    }

    /// The drawn layers, an enclosing layer before the layers it holds.
    public let entries: [Entry]

    /// The drawn layers of `layers` (a plan's `layers`), in the order their bodies begin.
    public init(_ layers: [PlannedLayer]) {
        var drawn: [Entry] = []
        drawn.reserveCapacity(layers.count)
        var ordered = true
        for (k, parts) in layers.enumerated() {
            guard let span = parts.drawnSpan else { continue }
            if let last = drawn.last?.span, !Self.precedes(last, span) { ordered = false }
            drawn.append(Entry(layer: k, span: span))
        }
        entries = ordered ? drawn : drawn.sorted { a, b in
            a.span != b.span ? Self.precedes(a.span, b.span) : a.layer < b.layer
        }
    }

    /// Whether a layer spanning `a` begins its body before one spanning `b` (at the same command, the one
    /// that holds the other, the longer, comes first).
    static func precedes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.lowerBound < b.lowerBound || (a.lowerBound == b.lowerBound && a.upperBound >= b.upperBound)
    }
}
