/// How many GL objects a backend holds right now (for leak checks).
public struct GLObjectCounts: Hashable, Sendable, CustomStringConvertible {
    public var textures = 0
    public var framebuffers = 0

    public init(textures: Int = 0, framebuffers: Int = 0) {
        self.textures = textures
        self.framebuffers = framebuffers
    }

    public var description: String {
        "textures \(textures), framebuffers \(framebuffers)"
    }
}
