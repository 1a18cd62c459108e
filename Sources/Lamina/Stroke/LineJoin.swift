/// How segments meet at a vertex.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    case miter, round, bevel
}
