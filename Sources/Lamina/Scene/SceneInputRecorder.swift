/// Told what a scene document was decoded from: the parsed document (escapes resolved, whitespace gone)
/// and the bytes of every image file it names, read from inside the scene's folder. A caller that keys
/// results on a scene's inputs — the render service's ETag — hashes these instead of the raw request.
public protocol SceneInputRecorder: AnyObject, Sendable {
    /// The parsed document, before it is decoded.
    func record(document: JSONValue)
    /// An image file's source as written in `images` and the bytes read for it.
    func record(imageFile source: String, bytes: [UInt8])
}
