import CGLES3
import Lamina
import Testing
@testable import LaminaGLES

/// Instanced draws read their instances from a buffer object and leave the vertex state as they found
/// it: no array enabled, no divisor, no buffer bound, and every attribute they used at (0, 0, 0, 1).
/// A driver may give an attribute any current value after a draw read it from an array; the quad
/// draws after an instanced one read attribute 0 as their bounds (see `InstanceStream`).
@Suite("Instance stream")
struct InstanceStreamTests {
    @Test("an instanced draw paints its instances and resets the attributes it used")
    func drawsAndResets() throws {
        let backend = try TestSupport.backend()
        try backend.connection.makeCurrent()
        defer { backend.connection.releaseCurrent() }
        let target = try backend.objects.makeTarget(width: 8, height: 4, format: .rgba8)
        defer { backend.objects.deleteTarget(target) }
        target.bind()
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glVertexAttrib4f(1, 5, 6, 7, 8)
        let program = backend.programs[ProgramKey(.opaque)]
        program.use()
        program.set("u_targetSize", Float(target.width), Float(target.height))
        let instances: [Float] = [0, 0, 2, 4, 1, 0, 0, 1,
                                  5, 0, 8, 4, 0, 0, 1, 1]
        instances.withUnsafeBufferPointer {
            backend.instanceStream.drawStrips($0, floatsPerInstance: 8, attributes: [.init(index: 0, size: 4, offset: 0),
                                                                                   .init(index: 1, size: 4, offset: 4)])
        }
        for index in GLuint(0)...1 {
            var value = [Float](repeating: -1, count: 4)
            glGetVertexAttribfv(index, GLenum(GL_CURRENT_VERTEX_ATTRIB), &value)
            #expect(value == [0, 0, 0, 1], "attribute \(index)")
            var enabled: GLint = -1, divisor: GLint = -1
            glGetVertexAttribiv(index, GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &enabled)
            glGetVertexAttribiv(index, GLenum(GL_VERTEX_ATTRIB_ARRAY_DIVISOR), &divisor)
            #expect(enabled == 0 && divisor == 0, "attribute \(index)")
        }
        #expect(GLCheck.integer(GL_ARRAY_BUFFER_BINDING) == 0)
        try GLCheck.noError("the instanced draw")
        let pixels = try backend.objects.readPixels(of: target)
        #expect(pixels[0, 0] == SIMD4(255, 0, 0, 255) && pixels[1, 3] == SIMD4(255, 0, 0, 255))
        #expect(pixels[3, 1] == SIMD4(0, 0, 0, 0))
        #expect(pixels[5, 0] == SIMD4(0, 0, 255, 255) && pixels[7, 3] == SIMD4(0, 0, 255, 255))
    }
}
