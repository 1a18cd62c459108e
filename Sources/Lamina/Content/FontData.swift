import Synchronization

/// A font file a scene names in its top-level `fonts` (SCENE_FORMAT.md "Font source"): its bytes, the face
/// of a collection, and where it came from. Like `Image`, two values are the same font when they are the
/// same object, so a text engine may key its caches on `id`.
public final class FontData: Hashable, Sendable, CustomStringConvertible {
    private static let counter = Atomic<UInt64>(0)

    /// Unique within the process.
    public let id: UInt64
    public let bytes: [UInt8]
    /// The face of a collection (`"file.ttc#N"`), counted from 0.
    public let faceIndex: Int
    /// A file name or "data URI", for messages.
    public let source: String

    public init(bytes: [UInt8], faceIndex: Int = 0, source: String = "memory") {
        self.id = FontData.counter.add(1, ordering: .relaxed).newValue
        self.bytes = bytes; self.faceIndex = faceIndex; self.source = source
    }

    public static func == (a: FontData, b: FontData) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(id) }

    public var description: String { faceIndex == 0 ? source : "\(source)#\(faceIndex)" }
}
