#!/usr/bin/env python3
"""Starts COUNT carts on the service at 127.0.0.1:PORT, one request each, over CONNECTIONS keep-alive
connections (1 unless given), each making every CONNECTIONS-th cart.

Usage: make-carts.py PORT COUNT PREFIX [CONNECTIONS]. Stops after COUNT requests or 120 seconds, whichever
comes first, and fails on any answer but 200.
"""
import http.client
import sys
import threading
import time

port, count, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
connections = int(sys.argv[4]) if len(sys.argv) > 4 else 1
deadline = time.monotonic() + 120
body = b'{"sku": "apple", "quantity": 1}'
failures = []


def make(first):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for n in range(first, count, connections):
        if failures:
            return
        if time.monotonic() > deadline:
            failures.append(f"stopped at cart {prefix}{n}: 120 s passed")
            return
        connection.request("POST", f"/carts/{prefix}{n}/items", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            failures.append(f"cart {prefix}{n}: {response.status}")
            return


threads = [threading.Thread(target=make, args=(first,)) for first in range(connections)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
if failures:
    sys.exit(failures[0])
