import CGLES3

/// What the GPU backend runs on, as `lamina info` prints it.
public struct GLESInfo: Hashable, Sendable, CustomStringConvertible {
    /// The EGL platform that opened (gbm, device, surfaceless).
    public var platform: EGLPlatform
    /// The render node or EGL device used ("default" for surfaceless).
    public var device: String
    public var eglVendor: String
    public var eglVersion: String
    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var renderer: String
    /// GL_VERSION, e.g. "OpenGL ES 3.2 Mesa 22.3.6".
    public var glVersion: String
    /// GL_MAX_TEXTURE_SIZE.
    public var maxTextureSize: Int
    /// Whether blur intermediates are 32-bit float (EXT_color_buffer_float) rather than 8-bit.
    public var floatBlurTargets: Bool
    /// Whether R32F textures filter linearly (OES_texture_float_linear): closed-form shadows then read
    /// precomputed tables instead of evaluating the integral per pixel.
    public var linearFloatTextures: Bool
    /// Whether the draws that stand for several layers read the canvas in the shader
    /// (EXT_shader_framebuffer_fetch) to blend each part with the 8-bit blender's arithmetic, rather than
    /// blending their composite once (then within a few /255 of the CPU path where translucent parts stack).
    public var destinationFetch: Bool

    /// Reads the GL strings of the context current on this thread.
    init(connection: EGLDisplayConnection, floatBlurTargets: Bool, destinationFetch: Bool = false) {
        platform = connection.platform
        device = connection.deviceDescription
        eglVendor = connection.eglVendor
        eglVersion = connection.eglVersion
        renderer = GLCheck.string(GL_RENDERER)
        glVersion = GLCheck.string(GL_VERSION)
        maxTextureSize = GLCheck.integer(GL_MAX_TEXTURE_SIZE)
        self.floatBlurTargets = floatBlurTargets
        linearFloatTextures = GLCheck.string(GL_EXTENSIONS).contains("GL_OES_texture_float_linear")
        self.destinationFetch = destinationFetch
    }

    /// A description of a context that is not there, for building frames with `SymbolicObjects`.
    init(symbolicRenderer renderer: String, maxTextureSize: Int, floatBlurTargets: Bool, linearFloatTextures: Bool,
         destinationFetch: Bool) {
        platform = .surfaceless
        device = "none"
        eglVendor = "none"
        eglVersion = "none"
        self.renderer = renderer
        glVersion = "none"
        self.maxTextureSize = maxTextureSize
        self.floatBlurTargets = floatBlurTargets
        self.linearFloatTextures = linearFloatTextures
        self.destinationFetch = destinationFetch
    }

    /// Whether GL_RENDERER names one of Mesa's software rasterizers (llvmpipe, softpipe, swrast) or
    /// another renderer that says it runs in software.
    public var isSoftwareRenderer: Bool { Self.isSoftware(renderer: renderer) }

    /// Whether a GL_RENDERER string names a software rasterizer.
    public static func isSoftware(renderer: String) -> Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe"].contains { name.contains($0) }
    }

    /// Opens a display and context just to read the information.
    public static func probe() throws -> GLESInfo {
        let connection = try EGLDisplayConnection()
        let extensions = GLCheck.string(GL_EXTENSIONS)
        return GLESInfo(connection: connection, floatBlurTargets: extensions.contains("GL_EXT_color_buffer_float"))
    }

    public var description: String {
        """
        EGL platform: \(platform) (\(device))
        EGL vendor: \(eglVendor)
        EGL version: \(eglVersion)
        GL renderer: \(renderer)
        GL version: \(glVersion)
        GL max texture size: \(maxTextureSize)
        blur targets: \(floatBlurTargets ? "R32F" : "RGBA8")
        shadow tables: \(linearFloatTextures ? "R32F, linear" : "off (per-pixel integral)")
        destination fetch: \(destinationFetch ? "EXT_shader_framebuffer_fetch" : "off (combined draws blend once)")
        """
    }
}
