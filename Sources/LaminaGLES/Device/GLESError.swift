import Foundation
import Lamina

/// Everything that can go wrong between Lamina and the EGL/GL driver. All cases are environment
/// failures (exit code 2): no usable display, a driver that refuses a call, a shader it cannot compile.
public enum GLESError: LaminaFailure, Hashable {
    /// No EGL platform could be opened; `attempts` lists each platform tried and why it failed.
    case noDisplay(attempts: [String])
    /// A platform forced with `LAMINA_EGL_PLATFORM` is not one of gbm, device, surfaceless.
    case unknownPlatform(String)
    /// An EGL call failed: the call, and `eglGetError()`'s code.
    case egl(call: String, code: Int32)
    /// A required EGL or GL extension (or entry point) is missing.
    case missingExtension(String)
    /// A GL call raised an error: the call, and `glGetError()`'s code.
    case gl(call: String, code: UInt32)
    /// A shader failed to compile or a program failed to link: the file(s), and the driver's info log.
    case shader(file: String, log: String)
    /// A shader source (or an `#include`d snippet) was not found.
    case missingShader(file: String, searched: String)
    /// A framebuffer is incomplete: what it was for, and `glCheckFramebufferStatus`'s status.
    case framebufferIncomplete(purpose: String, status: UInt32)
    /// The context was lost (`glGetGraphicsResetStatus`): the reset status.
    case contextLost(status: UInt32)
    /// A plan needs more than the backend supports (e.g. too many clip shapes, a too large texture).
    case unsupported(String)

    public var kind: FailureKind { .environment }

    public var description: String {
        switch self {
        case .noDisplay(let attempts):
            return "no EGL display: " + attempts.joined(separator: "; ")
        case .unknownPlatform(let name):
            return "LAMINA_EGL_PLATFORM=\(name) is not one of gbm, device, surfaceless"
        case .egl(let call, let code):
            return "\(call) failed: \(GLESError.eglErrorName(code))"
        case .missingExtension(let name):
            return "missing EGL/GL extension or entry point: \(name)"
        case .gl(let call, let code):
            return "\(call) failed: \(GLESError.glErrorName(code))"
        case .shader(let file, let log):
            return "shader \(file) failed: \(log.trimmingCharacters(in: .whitespacesAndNewlines))"
        case .missingShader(let file, let searched):
            return "shader source \(file) not found in \(searched)"
        case .framebufferIncomplete(let purpose, let status):
            return "framebuffer for \(purpose) incomplete: \(GLESError.framebufferStatusName(status))"
        case .contextLost(let status):
            return "GL context lost: \(GLESError.resetStatusName(status))"
        case .unsupported(let message):
            return "GPU backend: \(message)"
        }
    }

    static func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: true) }

    /// `EGL_BAD_MATCH (0x3009)` and friends.
    public static func eglErrorName(_ code: Int32) -> String {
        let names: [Int32: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS",
            0x3003: "EGL_BAD_ALLOC", 0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG",
            0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY",
            0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
            0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
            0x322B: "EGL_BAD_DEVICE_EXT",
        ]
        return "\(names[code] ?? "unknown EGL error") (\(hex(UInt32(bitPattern: code))))"
    }

    /// `GL_OUT_OF_MEMORY (0x505)` and friends.
    public static func glErrorName(_ code: UInt32) -> String {
        let names: [UInt32: String] = [
            0: "GL_NO_ERROR", 0x500: "GL_INVALID_ENUM", 0x501: "GL_INVALID_VALUE", 0x502: "GL_INVALID_OPERATION",
            0x503: "GL_STACK_OVERFLOW", 0x504: "GL_STACK_UNDERFLOW", 0x505: "GL_OUT_OF_MEMORY",
            0x506: "GL_INVALID_FRAMEBUFFER_OPERATION", 0x507: "GL_CONTEXT_LOST",
        ]
        return "\(names[code] ?? "unknown GL error") (\(hex(code)))"
    }

    static func framebufferStatusName(_ status: UInt32) -> String {
        let names: [UInt32: String] = [
            0x8CD5: "GL_FRAMEBUFFER_COMPLETE", 0x8CD6: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
            0x8CD7: "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT", 0x8CD9: "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS",
            0x8CDD: "GL_FRAMEBUFFER_UNSUPPORTED", 0x8D56: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE",
            0x8219: "GL_FRAMEBUFFER_UNDEFINED",
        ]
        return "\(names[status] ?? "unknown status") (\(hex(status)))"
    }

    static func resetStatusName(_ status: UInt32) -> String {
        let names: [UInt32: String] = [
            0x8253: "GL_GUILTY_CONTEXT_RESET", 0x8254: "GL_INNOCENT_CONTEXT_RESET", 0x8255: "GL_UNKNOWN_CONTEXT_RESET",
        ]
        return "\(names[status] ?? "unknown reset status") (\(hex(status)))"
    }
}
