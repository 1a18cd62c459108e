import Lamina

/// GPU objects that are only numbers: textures and framebuffers numbered from 1 and counted as `GLObjects`
/// counts them, uploads dropped, and a target read back as transparent pixels. A `FrameBuilder` whose
/// `GPUResources` are made of these builds a frame's steps — the same steps as on a context, up to the
/// objects' numbers — with no display, context or driver.
final class SymbolicObjects: GPUObjects {
    private(set) var counts = GLObjectCounts()
    /// What each live object is ("target 300×200 rgba8", "texture 64×64 r8", …), by number.
    private(set) var live: [UInt32: String] = [:]
    private var next: UInt32 = 0

    init() {}

    func makeTarget(width: Int, height: Int, format: RenderTargetFormat) throws -> RenderTarget {
        let texture = make("texture of a \(width)×\(height) \(format) target", counted: \.textures)
        let framebuffer = make("target \(width)×\(height) \(format)", counted: \.framebuffers)
        return RenderTarget(texture: texture, framebuffer: framebuffer, width: width, height: height, format: format)
    }

    func makeTexture(width: Int, height: Int, format: ChannelFormat, pixels: UnsafeRawPointer?, linear: Bool,
                     what: String) throws -> UInt32 {
        make("texture \(width)×\(height) \(format)", counted: \.textures)
    }

    func makeTexture(levels: [Bitmap]) throws -> UInt32 {
        make("texture \(levels.first.map { "\($0.width)×\($0.height)" } ?? "") rgba8, \(levels.count) levels", counted: \.textures)
    }

    func makeArrayTexture(side: Int, layers: Int) -> UInt32 {
        make("array texture \(side)² × \(layers)", counted: \.textures)
    }

    func makeLayerFramebuffers(of texture: UInt32, layers: Int) -> [UInt32]? {
        (0..<layers).map { make("layer \($0) of texture \(texture)", counted: \.framebuffers) }
    }

    func upload(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, into texture: UInt32, x: Int, y: Int, layer: Int) {}

    func readPixels(of target: RenderTarget) throws -> Bitmap {
        Bitmap(width: target.width, height: target.height, pixels: [UInt8](repeating: 0, count: target.width * target.height * 4))
    }

    func deleteTexture(_ id: UInt32) { delete(id, counted: \.textures) }

    func deleteFramebuffer(_ id: UInt32) { delete(id, counted: \.framebuffers) }

    private func make(_ what: String, counted kind: WritableKeyPath<GLObjectCounts, Int>) -> UInt32 {
        next += 1
        live[next] = what
        counts[keyPath: kind] += 1
        return next
    }

    private func delete(_ id: UInt32, counted kind: WritableKeyPath<GLObjectCounts, Int>) {
        guard live.removeValue(forKey: id) != nil else { return }
        counts[keyPath: kind] -= 1
    }
}
