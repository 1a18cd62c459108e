/// The location of a value inside a JSON document, e.g. `root.sublayers[2].cornerRadius`.
///
/// A linked list towards the root: making a child path is O(1), so deep trees cost nothing until a
/// path is printed. Very long paths print their first and last components around an ellipsis.
public final class JSONPath: CustomStringConvertible, Sendable {
    enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    private let parent: JSONPath?
    private let component: Component?
    /// Number of components from the document root.
    public let depth: Int

    private init(parent: JSONPath?, component: Component?) {
        self.parent = parent
        self.component = component
        self.depth = (parent?.depth ?? 0) + (component == nil ? 0 : 1)
    }

    /// The document itself (prints as an empty string).
    public static let document = JSONPath(parent: nil, component: nil)

    /// The member `key` of the object at this path.
    public func key(_ key: String) -> JSONPath { JSONPath(parent: self, component: .key(key)) }

    /// The element `index` of the array at this path.
    public func index(_ index: Int) -> JSONPath { JSONPath(parent: self, component: .index(index)) }

    /// Components printed at each end of a path longer than `2 × shownAtEachEnd`.
    static let shownAtEachEnd = 8

    public var description: String {
        var components: [Component] = []
        var node: JSONPath? = self
        while let n = node, let c = n.component {
            components.append(c)
            node = n.parent
        }
        components.reverse()
        var head = JSONPath.shownAtEachEnd, tailStart = components.count - JSONPath.shownAtEachEnd
        if head < tailStart {
            if case .index = components[head] { head += 1 }
            if case .index = components[tailStart] { tailStart -= 1 }
        }
        if head < tailStart {
            return JSONPath.render(components[..<head]) + "…(\(tailStart - head) more)…"
                + JSONPath.render(components[tailStart...], leadingDot: true)
        }
        return JSONPath.render(components[...])
    }

    private static func render(_ components: ArraySlice<Component>, leadingDot: Bool = false) -> String {
        var out = ""
        for c in components {
            switch c {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                let shown = MessageText.escaped(k)
                if shown == k && isIdentifier(k) {
                    if !out.isEmpty || leadingDot { out += "." }
                    out += k
                } else {
                    out += "[\"" + String(shown.flatMap { $0 == "\"" ? ["\\", "\""] : [$0] }) + "\"]"
                }
            }
        }
        return out
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
