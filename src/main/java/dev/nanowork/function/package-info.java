/**
 * The function layer, the top of the request path: the transport. Funqy's {@code @Funq} functions (one
 * route per action), the Vert.x routes nano_node's contract needs besides ({@code POST /}, methods,
 * CORS, refusals before a handler runs), each request's context built once from the transport (who sent
 * it, its key, and its deadline: API Gateway's 29 s, Lambda's remaining time, counted from the request's
 * arrival), the start-up wiring of everything below from {@code config}, and the SnapStart hooks. Nothing else knows it runs over HTTP or on Lambda.
 */
package dev.nanowork.function;
