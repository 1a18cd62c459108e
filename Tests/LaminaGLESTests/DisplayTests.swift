import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("EGL display and errors", .serialized)
struct DisplayTests {
    @Test("info reports a headless platform and llvmpipe")
    func infoReportsLLVMpipe() throws {
        let backend = try TestSupport.backend()
        let info = backend.info
        #expect([EGLPlatform.surfaceless, .device].contains(info.platform))
        #expect(info.renderer.contains("llvmpipe"))
        #expect(info.glVersion.hasPrefix("OpenGL ES 3"))
        #expect(info.eglVersion.hasPrefix("1."))
        #expect(info.maxTextureSize >= 4096)
        #expect(info.description.contains("GL renderer: llvmpipe"))
        #expect(backend.name == "gpu")
    }

    @Test("software renderers are recognised by their GL_RENDERER string")
    func softwareRenderers() {
        for name in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Software Rasterizer"] {
            #expect(GLESInfo.isSoftware(renderer: name), "\(name)")
        }
        for name in ["NVIDIA H100 80GB HBM3/PCIe/SSE2", "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 17.0.6)", "Mali-G610", "Intel(R) UHD Graphics 630 (CFL GT2)"] {
            #expect(!GLESInfo.isSoftware(renderer: name), "\(name)")
        }
    }

    @Test("LAMINA_EGL_PLATFORM forces each platform", arguments: ["surfaceless", "device"])
    func forcedPlatform(_ name: String) throws {
        let connection = try EGLDisplayConnection(platform: GLESOptions(environment: ["LAMINA_EGL_PLATFORM": name]).platform)
        #expect(connection.platform.rawValue == name)
    }

    @Test("forcing GBM without /dev/dri fails with a named attempt")
    func forcedGBMFails() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri") else { return }
        do {
            _ = try EGLDisplayConnection(platform: "gbm")
            Issue.record("GBM opened without /dev/dri")
        } catch let error as GLESError {
            #expect(error.description.contains("gbm"))
            #expect(error.kind.exitCode == 2)
        }
    }

    @Test("an unknown platform name is refused")
    func unknownPlatform() {
        #expect(throws: GLESError.unknownPlatform("vulkan")) {
            _ = try EGLDisplayConnection(platform: "vulkan")
        }
        #expect(throws: GLESError.unknownPlatform("wayland"), "Wayland needs a compositor's display, not a platform name") {
            _ = try EGLDisplayConnection(platform: "wayland")
        }
    }

    @Test("a window surface needs a backend opened on a window system's display")
    func windowSurfaceNeedsNativeDisplay() throws {
        let backend = try TestSupport.backend()
        var window = 0
        #expect(throws: GLESError.self) {
            _ = try GLESWindowSurface(backend: backend, nativeWindow: &window)
        }
    }

    @Test("error descriptions name the call and the code")
    func errorDescriptions() {
        #expect(GLESError.egl(call: "eglCreateContext", code: 0x3009).description == "eglCreateContext failed: EGL_BAD_MATCH (0x3009)")
        #expect(GLESError.gl(call: "glTexImage2D", code: 0x505).description == "glTexImage2D failed: GL_OUT_OF_MEMORY (0x505)")
        #expect(GLESError.framebufferIncomplete(purpose: "canvas", status: 0x8CD6).description.contains("GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT"))
        #expect(GLESError.contextLost(status: 0x8253).description.contains("GL_GUILTY_CONTEXT_RESET"))
        #expect(GLESError.shader(file: "shape.frag", log: "0:1: error\n").kind == .environment)
    }

    @Test("a shader that does not compile reports its file and the driver's log")
    func brokenShader() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-broken-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in try FileManager.default.contentsOfDirectory(atPath: TestSupport.shaderDirectory.path) {
            try FileManager.default.copyItem(at: TestSupport.shaderDirectory.appendingPathComponent(name),
                                             to: dir.appendingPathComponent(name))
        }
        let broken = dir.appendingPathComponent("shape.frag")
        let text = try String(contentsOf: broken, encoding: .utf8).replacingOccurrences(of: "fragColor = u_color", with: "fragColor = undefinedThing")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["LAMINA_SHADER_DIR"] = dir.path
        do {
            _ = try GLESBackend(options: GLESOptions(environment: env))
            Issue.record("a broken shader compiled")
        } catch GLESError.shader(let file, let log) {
            #expect(file == "shape.frag")
            #expect(log.contains("undefinedThing"))
        }
    }

    @Test("LAMINA_SHADER_DIR loads shaders from a folder")
    func shaderDirectory() throws {
        var env = ProcessInfo.processInfo.environment
        env["LAMINA_SHADER_DIR"] = TestSupport.shaderDirectory.path
        let backend = try GLESBackend(options: GLESOptions(environment: env))
        #expect(backend.shaderOrigin == TestSupport.shaderDirectory.path)
    }
}
