import CGLES3

/// The one vertex buffer that every instanced draw reads its per-instance floats from.
///
/// Each draw uploads its instances into the buffer and points its attributes at byte offsets in it,
/// with a divisor of 1; the strip's four corners come from `gl_VertexID`. A driver may give an
/// attribute any current value after a draw read it from an array. With instances read from client
/// memory and attributes left as the draw left them, NVIDIA's GLES driver (580, EGL device platform, seen
/// on an H200) painted nothing in the opaque pass and lost every quad draw after a batch — quad draws
/// then read attribute 1 as their constant depth; both came right with this type. `drawStrips` puts every
/// attribute it used back to (0, 0, 0, 1), and the draws that read an attribute as a constant set it
/// each time.
final class InstanceStream {
    /// One instanced attribute: `size` floats from `offset` floats into each instance.
    struct Attribute {
        let index: GLuint
        let size: GLint
        let offset: Int
    }

    private var buffer: GLuint = 0

    /// Makes the buffer; the context must be current.
    init() {
        glGenBuffers(1, &buffer)
    }

    /// Deletes the buffer; the context must be current.
    func delete() {
        glDeleteBuffers(1, &buffer)
        buffer = 0
    }

    /// Draws `instances.count / floatsPerInstance` four-corner triangle strips with the program in use,
    /// `attributes` read per instance from `instances`.
    func drawStrips(_ instances: UnsafeBufferPointer<Float>, floatsPerInstance: Int, attributes: [Attribute]) {
        let count = instances.count / floatsPerInstance
        guard count > 0, let base = instances.baseAddress else { return }
        let bytes = count * floatsPerInstance * MemoryLayout<Float>.stride
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes), base, GLenum(GL_STREAM_DRAW))
        let stride = GLsizei(floatsPerInstance * MemoryLayout<Float>.stride)
        for a in attributes {
            glEnableVertexAttribArray(a.index)
            glVertexAttribPointer(a.index, a.size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: a.offset * MemoryLayout<Float>.stride))
            glVertexAttribDivisor(a.index, 1)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        for a in attributes {
            glVertexAttribDivisor(a.index, 0)
            glDisableVertexAttribArray(a.index)
            glVertexAttrib4f(a.index, 0, 0, 0, 1)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
    }

    /// Draws one four-corner triangle strip from the attributes' current values (a quad or blur pass).
    func drawStrip() {
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }
}
