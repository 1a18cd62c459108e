/// How the ends of open subpaths, dashes and trimmed parts are drawn.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    case butt, round, square
}
