import Foundation

/// Decodes scene documents (SCENE_FORMAT.md) into validated `Scene` values.
///
/// Everything the format forbids is refused here, before anything is drawn, with a `SceneError` naming
/// the file, the JSON path and what was expected. JSON is parsed iteratively, its parsed values counted
/// against the memory budget; the layer tree is decoded recursively on a stack deep enough for its nesting
/// (`LargeStack`), so trees `Limits.maxDepth` deep are safe.
public struct SceneDecoder: Sendable {
    /// Decodes image bytes (PNG, JPEG or WebP, whose header `ImageHeader` has checked) into a premultiplied
    /// bitmap; the string names the image for messages. (`LaminaPNG` provides one, which keeps this module
    /// free of libpng, libjpeg-turbo and libwebp.)
    public typealias ImageDecoder = @Sendable ([UInt8], String) throws -> Bitmap

    /// Decoder for `images`; nil refuses scenes that use images.
    public var imageDecoder: ImageDecoder?
    /// Replaces the document's `scale` (the CLI's `--scale`); must be a finite number > 0.
    public var scaleOverride: Double?
    /// Where decoded images are kept and shared by content; nil decodes every image anew.
    public var imageLibrary: ImageLibrary?
    /// What the decoded images of one document may take together; nil decodes without a limit.
    public var budget: MemoryBudget?
    /// Told the parsed document and the image files read; nil records nothing.
    public var inputs: (any SceneInputRecorder)?
    /// Asked whether each font of `fonts` opens (the installed engine when the decoder is made); nil
    /// checks only that the bytes start as a font.
    public var textEngine: (any TextEngine)? = TextEngines.current

    public init(imageDecoder: ImageDecoder? = nil, scaleOverride: Double? = nil, imageLibrary: ImageLibrary? = nil,
                budget: MemoryBudget? = nil, inputs: (any SceneInputRecorder)? = nil) {
        self.inputs = inputs
        self.imageLibrary = imageLibrary
        self.budget = budget
        self.imageDecoder = imageDecoder
        self.scaleOverride = scaleOverride
    }

    /// The keys of a scene document's top level.
    public static let topLevelKeys = ["width", "height", "scale", "background", "groupOpacity", "images", "fonts", "root", "time"]

    /// Every key a layer object may have: the canonical list (SCENE_FORMAT.md "Layer").
    public static let layerKeys = [
        "name", "frame", "bounds", "position", "anchorPoint", "affineTransform", "zPosition", "hidden", "opacity",
        "allowsGroupOpacity", "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve", "masksToBounds",
        "borderWidth", "borderColor", "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath",
        "contents", "contentsRect", "contentsCenter", "contentsGravity", "contentsScale", "minificationFilter",
        "magnificationFilter", "minificationFilterBias", "shouldRasterize", "rasterizationScale", "mask", "sublayers", "animations",
    ]

    /// Reads and decodes a scene file; images are resolved in (and confined to) `assets` when given, else
    /// the file's folder. Messages name the file as `path` is written.
    public func decode(contentsOfFile path: String, assets: String? = nil) throws(SceneError) -> Scene {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: Limits.maxDocumentBytes)
        } catch .tooLarge(let size) {
            throw SceneError(file: path, path: "", message: SceneDecoder.tooLargeMessage(size), exceedsLimit: true)
        } catch .notRegular(let kind) where kind != "a directory" {
            throw SceneError(file: path, path: "", message: "not a regular file (\(kind)); scenes are read from files or '-'")
        } catch {
            throw SceneError(file: path, path: "", message: "cannot read the scene: \(error)")
        }
        if let assets { return try decode(bytes, fileName: path, baseDirectory: assets) }
        let folder = (path as NSString).deletingLastPathComponent
        return try decode(bytes, fileName: path, baseDirectory: folder.isEmpty ? "." : folder)
    }

    /// Decodes a document held in memory. `fileName` is used in messages; `baseDirectory` is the folder
    /// that relative image paths are resolved in (and confined to); nil refuses image paths.
    public func decode(_ bytes: [UInt8], fileName: String = "<memory>", baseDirectory: String? = nil) throws(SceneError) -> Scene {
        guard bytes.count <= Limits.maxDocumentBytes else {
            throw SceneError(file: fileName, path: "", message: SceneDecoder.tooLargeMessage(bytes.count), exceedsLimit: true)
        }
        let work = SceneDocumentDecoder(decoder: self, file: fileName, baseDirectory: baseDirectory)
        let (json, depth) = try work.parse(bytes)
        do {
            return try LargeStack.run(levels: depth / 2 + 1) { try work.decode(json) }
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(file: fileName, path: "", message: "\(error)")
        }
    }

    /// Decodes a document given as text.
    public func decode(_ text: String, fileName: String = "<memory>", baseDirectory: String? = nil) throws(SceneError) -> Scene {
        try decode(Array(text.utf8), fileName: fileName, baseDirectory: baseDirectory)
    }

    static func tooLargeMessage(_ size: Int) -> String {
        "the document is \(size) bytes; scene documents may be at most \(Limits.maxDocumentBytes) bytes (64 MiB)"
    }
}
