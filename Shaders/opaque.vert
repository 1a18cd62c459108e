#version 300 es
// The opaque pass: one instance per fully covered piece of an opaque fill, (minX, minY, maxX, maxY) in
// target pixels, with its color, passed through unchanged.
layout(location = 0) in vec4 a_bounds;
layout(location = 1) in vec4 a_color;
uniform vec2 u_targetSize;
flat out vec4 v_color;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(a_bounds.xy, a_bounds.zw, corner);
    gl_Position = vec4(p / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_color = a_color;
}
