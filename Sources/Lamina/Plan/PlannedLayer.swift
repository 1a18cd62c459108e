/// What the planner drew for one layer's body, part by part, as indices into `RenderPlan.commands`.
///
/// The planner emits a layer's parts in the order Core Animation composites them — shadow, background,
/// contents, sublayers, border — and says here which commands are which, so that a backend that draws
/// several parts of a layer at once (a shadow with its fill, a whole card) reads that from the plan
/// instead of inferring it from the command sequence. A layer drawn twice (once more for an ancestor's
/// content-shaped shadow) has an entry for each time.
public struct PlannedLayer: Sendable {
    /// The layer's place in the scene document.
    public var path: JSONPath
    /// Its shadow's commands (a closed-form shadow; or a silhouette offscreen and its blur; or a path mask).
    public var shadow: Range<Int>
    /// Its background fill.
    public var background: Int?
    /// The image draws of its contents (one, or nine for a `contentsCenter` grid).
    public var contents: Range<Int>
    /// Every command of its sublayers' subtrees.
    public var sublayers: Range<Int>
    /// Its border: a `.border` ring of `Border.width`, or a `.fill` when the border covers the layer.
    public var border: Int?
    /// Whether its contents and sublayers are clipped to its rounded bounds (`masksToBounds`).
    public var clipsToBounds: Bool

    public init(path: JSONPath, shadow: Range<Int>, background: Int? = nil, contents: Range<Int>,
                sublayers: Range<Int>, border: Int? = nil, clipsToBounds: Bool = false) {
        self.path = path; self.shadow = shadow; self.background = background; self.contents = contents
        self.sublayers = sublayers; self.border = border; self.clipsToBounds = clipsToBounds
    }

    /// The commands drawn between its background and its border: contents, then sublayers.
    public var between: Range<Int> { contents.lowerBound..<max(contents.upperBound, sublayers.upperBound) }

    /// The commands from its first part to its last; nil when it drew nothing.
    public var drawnSpan: Range<Int>? {
        var lo = Int.max, hi = Int.min
        func add(_ r: Range<Int>) { if !r.isEmpty { lo = Swift.min(lo, r.lowerBound); hi = Swift.max(hi, r.upperBound) } }
        add(shadow); add(contents); add(sublayers)
        if let background { add(background..<background + 1) }
        if let border { add(border..<border + 1) }
        return lo < hi ? lo..<hi : nil
    }

    /// "root.sublayers[1]: shadow 4, background 5, contents 6, sublayers 7…12, border 13".
    public var summary: String {
        func range(_ r: Range<Int>) -> String { r.count == 1 ? "\(r.lowerBound)" : "\(r.lowerBound)…\(r.upperBound - 1)" }
        var parts: [String] = []
        if !shadow.isEmpty { parts.append("shadow \(range(shadow))") }
        if let background { parts.append("background \(background)") }
        if !contents.isEmpty { parts.append("contents \(range(contents))") }
        if !sublayers.isEmpty { parts.append("sublayers \(range(sublayers))\(clipsToBounds ? " clipped" : "")") }
        if let border { parts.append("border \(border)") }
        return "\(path): " + (parts.isEmpty ? "nothing drawn" : parts.joined(separator: ", "))
    }
}
