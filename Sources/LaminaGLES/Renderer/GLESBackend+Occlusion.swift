import CGLES3
import Lamina

/// Occlusion culling with the canvas's depth buffer (WebRender's opaque pass).
///
/// Command i of the plan has depth D(i), strictly increasing with i. Before the other commands, the
/// pixels that each opaque canvas-level fill sets to its color at coverage exactly 1 (`opaqueArea(of:)`)
/// are painted with that color front to back, keeping the largest D (depth test GREATER, writes on).
/// Every canvas draw then passes only where its D exceeds the stored one: a pixel is skipped exactly
/// when that fill or a later one has replaced it with an opaque color whatever it held, so the result is
/// bit-identical to drawing everything in order. Offscreens and blur targets have no depth buffer, and
/// there the depth test always passes (GLES 3.0 § 4.1.5).
extension GLESBackend {
    /// Plans with more commands are drawn without culling (their depths would not fit 16 bits).
    static let maximumCulledCommands = 65_000

    /// Floats per opaque-pass instance: pixel bounds (x0, y0, x1, y1), depth, color (r, g, b, a).
    static let opaqueInstanceFloats = 9

    /// Appends one opaque-pass instance (the `opaqueInstanceFloats` layout) to `instances`.
    static func appendOpaqueInstance(_ q: QuadPiece, depth: Float, color c: (Float, Float, Float, Float), to instances: inout [Float]) {
        instances += [Float(q.x0), Float(q.y0), Float(q.x1), Float(q.y1), depth, c.0, c.1, c.2, c.3]
    }

    /// Indices of the plan's commands that draw on the canvas (outside every offscreen), in plan order.
    static func canvasLevelIndices(of plan: RenderPlan) -> [Int] {
        var indices: [Int] = []
        var nesting = 0
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen: nesting += 1
            case .endOffscreen: nesting -= 1
            default: if nesting == 0 { indices.append(index) }
            }
        }
        return indices
    }

    /// The depth (NDC z) of command `index`. Its 16-bit depth is index + 1 whether the driver rounds
    /// or truncates (the value lies a quarter unit above that integer).
    static func depth(ofCommand index: Int) -> Float {
        Float((Double(index) + 1.25) / 65535 * 2 - 1)
    }

    /// Clears the canvas depth and runs the opaque pass; leaves the depth test set up for the other
    /// draws (or off when nothing is opaque). Returns whether culling is on. The canvas must be bound.
    func prepareOcclusion(_ plan: RenderPlan, canvas: RenderTarget) -> Bool {
        let instances = !occlusionCulling || canvas.depthBuffer == 0 || plan.commands.count > GLESBackend.maximumCulledCommands
            ? [] : GLESBackend.opaqueInstances(of: plan, width: canvas.width, height: canvas.height)
        guard !instances.isEmpty else {
            glDisable(GLenum(GL_DEPTH_TEST))
            return false
        }
        glEnable(GLenum(GL_DEPTH_TEST))
        glDepthMask(GLboolean(GL_TRUE))
        glClearDepthf(0)
        glClear(GLbitfield(GL_DEPTH_BUFFER_BIT))
        glDepthFunc(GLenum(GL_GREATER))
        drawOpaquePass(instances, canvas: canvas)
        glDepthMask(GLboolean(GL_FALSE))
        return true
    }

    /// Draws opaque-pass instances (`opaqueInstanceFloats` floats each) with the opaque program, without
    /// blending: every color has alpha 1, which blending would store unchanged, and llvmpipe shades
    /// unblended draws without reading the target.
    func drawOpaquePass(_ instances: [Float], canvas: RenderTarget) {
        guard !instances.isEmpty else { return }
        glDisable(GLenum(GL_BLEND))
        defer { glEnable(GLenum(GL_BLEND)) }
        let p = programs.opaque
        p.use()
        p.set("u_targetSize", Float(canvas.width), Float(canvas.height))
        instances.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let stride = GLsizei(GLESBackend.opaqueInstanceFloats * MemoryLayout<Float>.stride)
            for (attribute, size, offset) in [(GLuint(0), GLint(4), 0), (1, 1, 4), (2, 4, 5)] {
                glEnableVertexAttribArray(attribute)
                glVertexAttribPointer(attribute, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, base + offset)
                glVertexAttribDivisor(attribute, 1)
            }
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(instances.count / GLESBackend.opaqueInstanceFloats))
            for attribute in GLuint(0)...2 {
                glVertexAttribDivisor(attribute, 0)
                glDisableVertexAttribArray(attribute)
            }
        }
    }

    /// The opaque-pass instances of the plan's canvas-level fills, last command first.
    static func opaqueInstances(of plan: RenderPlan, width: Int, height: Int) -> [Float] {
        var instances: [Float] = []
        for index in canvasLevelIndices(of: plan).reversed() {
            guard case .fill(let fill) = plan.commands[index] else { continue }
            let z = depth(ofCommand: index)
            let c = color(fill.color)
            for q in opaquePieces(of: fill, width: width, height: height) {
                appendOpaqueInstance(q, depth: z, color: c, to: &instances)
            }
        }
        return instances
    }

    /// The whole target pixels that an opaque fill sets to its color at coverage 1, within the target.
    static func opaquePieces(of fill: Fill, width: Int, height: Int) -> [QuadPiece] {
        opaqueArea(of: .fill(fill)).compactMap { area in
            let q = QuadPiece(pixelCentersIn: area)
            let clipped = QuadPiece(x0: max(q.x0, 0), y0: max(q.y0, 0), x1: min(q.x1, width), y1: min(q.y1, height))
            return clipped.isEmpty ? nil : clipped
        }
    }

    /// Paints an opaque fill's interior (its `opaqueArea` shrunk to shading blocks, within the target
    /// and `visible` when given) with the opaque program, as the fill's own draw would at coverage 1;
    /// that draw then skips it. Used inside offscreens, which have no opaque pass of their own.
    ///
    /// The interior is aligned before it is cut to the target, exactly as the fill's draw aligns the
    /// hole it skips (`quadPieces`): aligning after the cut moved an interior that overflows a target
    /// whose size is not a multiple of the block inwards, and the rows or columns between went unpainted.
    func drawInterior(of fill: Fill, visible: ArraySlice<QuadPiece>?, target: RenderTarget) {
        let c = GLESBackend.color(fill.color)
        var instances: [Float] = []
        var painted: [QuadPiece] = []
        let whole = QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)
        for area in GLESBackend.opaqueArea(of: .fill(fill)) {
            guard let aligned = QuadPiece(pixelCentersIn: area).alignedInward(to: GLESBackend.shadingBlock).intersection(whole)
            else { continue }
            var parts = visible.map { $0.compactMap { $0.intersection(aligned) } } ?? [aligned]
            for p in painted { parts = parts.flatMap { $0.subtracting(p) } }
            for q in parts { GLESBackend.appendOpaqueInstance(q, depth: 0, color: c, to: &instances) }
            painted.append(aligned)
        }
        drawOpaquePass(instances, canvas: target)
    }
}
