// The reference every API figure is compared with: a bare Fastify 5 process answering
// `{ data: { hello: 'world' } }`, on the same machine, in the same run.
import Fastify from 'fastify'

const app = Fastify()
app.get('/', async () => ({ data: { hello: 'world' } }))
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log(`running at http://127.0.0.1:${app.server.address().port}`)
