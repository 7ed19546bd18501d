// TEMPORARY local placeholder (not committed)
import http from 'node:http';
import net from 'node:net';
http.createServer((req, res) => { res.writeHead(200, {'content-type':'application/json','access-control-allow-origin':'*'}); res.end('{}'); }).listen(Number(process.env.STANDIN_PORT), '127.0.0.1');
net.createServer(() => undefined).listen(Number(process.env.STANDIN_BLACKHOLE_PORT), '127.0.0.1');
