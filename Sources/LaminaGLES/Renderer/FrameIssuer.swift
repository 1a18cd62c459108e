import CGLES3
import Lamina

/// Issues a GPU frame's steps (`GPUStep`) in order: the one place that binds targets, sets programs,
/// uniforms, textures and blending, clears and draws. It looks up the programs the steps name (`ProgramKey`)
/// in `DrawPrograms`. Between steps blending is on and scissoring off.
///
/// Flushes go behind a fence, and a flush waits for the fence of `maximumInFlight` flushes ago: llvmpipe
/// bins every draw of a flush per tile and rasterizes the bins on its threads while the caller goes on;
/// when the caller records faster than the threads rasterize, flushed scenes queue up, each holding its
/// binned draws, and at 3840 × 2160 that queue was most of the process's memory.
final class FrameIssuer {
    private let stream: InstanceStream
    private let programs: DrawPrograms
    private let maximumInFlight: Int
    private var fences: [GLsync] = []

    init(stream: InstanceStream, programs: DrawPrograms, maximumInFlight: Int) {
        self.stream = stream
        self.programs = programs
        self.maximumInFlight = maximumInFlight
    }

    /// Sets the state the steps assume: blending on (premultiplied source-over), scissoring, depth test,
    /// culling and dithering off.
    func beginFrame() {
        glDisable(GLenum(GL_DITHER))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// Waits until every issued step has been drawn.
    func finish() {
        glFinish()
    }

    /// Issues the steps, in order.
    func issue(_ steps: [GPUStep]) {
        var framebuffer: GLuint?, viewport: (Int, Int, Int, Int)?, program: ProgramKey?
        func bind(_ target: RenderTarget) {
            let v = (target.originX, target.originY, target.width, target.height)
            guard framebuffer != target.framebuffer || viewport.map({ $0 != v }) ?? true else { return }
            target.bind()
            framebuffer = target.framebuffer
            viewport = v
        }
        for step in steps {
            switch step {
            case .clear(let target, let rects, let color):
                bind(target)
                clear(rects, to: color)
            case .draw(let draw):
                bind(draw.target)
                let shader = programs[draw.program]
                if program != draw.program { shader.use(); program = draw.program }
                issue(draw, with: shader)
            case .flush:
                flush()
            }
        }
    }

    /// Deletes the fences still held (once the frame's commands are finished).
    func finishFrame() {
        for fence in fences { glDeleteSync(fence) }
        fences.removeAll()
    }

    private func clear(_ rects: [QuadPiece]?, to color: PremultipliedColor) {
        glClearColor(Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha))
        guard let rects else {
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            return
        }
        glEnable(GLenum(GL_SCISSOR_TEST))
        for r in rects where !r.isEmpty {
            glScissor(GLint(r.x0), GLint(r.y0), GLsizei(r.x1 - r.x0), GLsizei(r.y1 - r.y0))
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    private func issue(_ draw: GPUDraw, with shader: ShaderProgram) {
        for uniform in draw.uniforms { shader.set(uniform) }
        for t in draw.textures {
            glActiveTexture(GLenum(GL_TEXTURE0 + t.unit))
            let kind = GLenum(t.array ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D)
            glBindTexture(kind, t.texture)
            if t.filter != .unchanged {
                let filter = t.filter == .nearest ? GL_NEAREST : GL_LINEAR
                glTexParameteri(kind, GLenum(GL_TEXTURE_MIN_FILTER), filter)
                glTexParameteri(kind, GLenum(GL_TEXTURE_MAG_FILTER), filter)
            }
        }
        if !draw.textures.isEmpty { glActiveTexture(GLenum(GL_TEXTURE0)) }
        if !draw.blending { glDisable(GLenum(GL_BLEND)) }
        defer { if !draw.blending { glEnable(GLenum(GL_BLEND)) } }
        switch draw.quads {
        case .one(let p):
            glVertexAttrib4f(0, Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1))
            stream.drawStrip()
        case .instances(let floats, let format):
            floats.withUnsafeBufferPointer {
                stream.drawStrips($0, floatsPerInstance: format.floatsPerInstance, attributes: format.attributes)
            }
        }
    }

    private func flush() {
        if let fence = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) { fences.append(fence) }
        glFlush()
        while fences.count > maximumInFlight {
            let oldest = fences.removeFirst()
            _ = glClientWaitSync(oldest, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), GLuint64.max)
            glDeleteSync(oldest)
        }
    }
}

extension GPUDraw.InstanceFormat {
    /// The vertex attributes of one instance in this layout.
    var attributes: [InstanceStream.Attribute] {
        switch self {
        case .corners: Self.cornerAttributes
        case .batch: Self.batchAttributes
        case .glyphs: Self.glyphAttributes
        case .opaque: Self.opaqueAttributes
        }
    }

    fileprivate static let cornerAttributes = [InstanceStream.Attribute(index: 0, size: 4, offset: 0)]
    fileprivate static let batchAttributes = (0...(1 + CanvasBatches.parameterCount)).map {
        InstanceStream.Attribute(index: GLuint($0), size: 4, offset: 4 * $0)
    }
    fileprivate static let glyphAttributes: [InstanceStream.Attribute] = [
        .init(index: 0, size: 4, offset: 0), .init(index: 1, size: 4, offset: 4),
        .init(index: 2, size: 4, offset: 8), .init(index: 3, size: 1, offset: 12),
    ]
    fileprivate static let opaqueAttributes: [InstanceStream.Attribute] = [
        .init(index: 0, size: 4, offset: 0), .init(index: 1, size: 4, offset: 4),
    ]
}
