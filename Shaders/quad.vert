#version 300 es
// One screen-aligned quad per draw, in target pixels. a_bounds = (minX, minY, maxX, maxY) is a generic
// attribute: constant for a single draw (glVertexAttrib4f), or an instanced array for batches.
// Pixel y maps to window y, so row 0 of the target (and of glReadPixels) is the top.
layout(location = 0) in vec4 a_bounds;
uniform vec2 u_targetSize;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(a_bounds.xy, a_bounds.zw, corner);
    gl_Position = vec4(p / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
