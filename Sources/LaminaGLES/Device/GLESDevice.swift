import CEGL
import CGLES3
import Lamina

/// What the GPU backend holds on the GL side: the EGL connection and its context, the compiled programs, the
/// instance stream, and the resources frames are drawn with (`GPUResources`: the canvas, atlas pages, pooled
/// targets and caches, made of this context's `GLObjects`). It creates them with the context current and
/// deletes them all, in order, when it goes (see `GLESBackend`).
final class GLESDevice {
    /// The platform, driver and limits in use.
    let info: GLESInfo
    /// Where the shaders came from.
    let shaderOrigin: String
    let connection: EGLDisplayConnection
    let objects = GLObjects()
    let programs: DrawPrograms
    /// The vertex buffer instanced draws stream their instances through.
    let instanceStream: InstanceStream
    /// The canvas, atlas pages, pool and caches frames are drawn with (`GPUResources`, made of `objects`).
    let resources: GPUResources
    private let graphicsResetStatus: (@convention(c) () -> GLenum)?

    /// Compiles the programs (with `LAMINA_DESTINATION_FETCH` where `options` want it and the context has
    /// it) and sets up the caches on `connection`, whose context is current; releases it when done.
    init(options: GLESOptions, connection: EGLDisplayConnection) throws {
        self.connection = connection
        let library = try options.shaderDirectory.map { try ShaderLibrary(directory: $0) } ?? ShaderLibrary()
        shaderOrigin = library.origin
        let extensions = GLCheck.string(GL_EXTENSIONS)
        let floatTargets = extensions.contains("GL_EXT_color_buffer_float")
        let fetch = options.destinationFetch && extensions.split(separator: " ").contains("GL_EXT_shader_framebuffer_fetch")
        info = GLESInfo(connection: connection, floatBlurTargets: floatTargets, destinationFetch: fetch)
        programs = try DrawPrograms(library: library, destinationFetch: fetch)
        instanceStream = InstanceStream()
        resources = GPUResources(objects: objects, options: options, maxTextureSize: info.maxTextureSize,
                                 blurFormat: floatTargets ? .r32f : .rgba8)
        graphicsResetStatus = EGLProcedures.load("glGetGraphicsResetStatus")
            ?? EGLProcedures.load("glGetGraphicsResetStatusKHR") ?? EGLProcedures.load("glGetGraphicsResetStatusEXT")
        try GLCheck.noError("creating the GPU backend")
        connection.releaseCurrent()
    }

    deinit {
        try? connection.makeCurrent()
        resources.deleteAll()
        programs.delete()
        instanceStream.delete()
        glFinish()
        connection.releaseCurrent()
    }

    /// Throws when the context was lost (a GPU reset).
    func checkContext() throws {
        guard let graphicsResetStatus else { return }
        let status = graphicsResetStatus()
        if status != GLenum(GL_NO_ERROR) { throw GLESError.contextLost(status: status) }
    }
}
