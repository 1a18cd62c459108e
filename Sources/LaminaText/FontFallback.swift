/// Chooses the face that draws a grapheme cluster the run's own face lacks.
public protocol FontFallback: Sendable {
    /// A face that covers `cluster`, other than `primary`, or nil when there is none (the primary's `.notdef`
    /// is drawn then).
    func fallbackFace(for cluster: [Unicode.Scalar], primary: FontFace) -> FontFace?
}

/// A fixed, ordered list of faces: the first that covers a cluster draws it. For scenes that name their fonts
/// and for tests that must not depend on the system's fonts.
public struct FontList: FontFallback {
    /// The faces, in the order they are tried.
    public var faces: [FontFace]

    public init(_ faces: [FontFace]) {
        self.faces = faces
    }

    public func fallbackFace(for cluster: [Unicode.Scalar], primary: FontFace) -> FontFace? {
        faces.first { $0 !== primary && $0.covers(cluster) }
    }
}
