import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Starts DynamoDB Local listening on one address only. Its own launcher builds a Jetty
 * server from the port alone, which listens on every interface of the machine; this
 * builds the same server from the same arguments and binds its connector to the address
 * given first, before starting it. Run as `java -cp DynamoDBLocal.jar LoopbackDynamoDB.java
 * <address> <DynamoDB Local arguments...>` (or compiled, with the class on the class path).
 *
 * It also lives no longer than whoever started it: it exits when its standard input ends,
 * which happens when the parent process is gone, however it ended (even killed outright).
 */
public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    Thread watchdog = new Thread(LoopbackDynamoDB::exitWhenInputEnds, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    String address = args[0];
    String[] serverArgs = Arrays.copyOfRange(args, 1, args.length);
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class)
        .invoke(null, (Object) serverArgs);
    Field serverField = proxy.getClass().getDeclaredField("server");
    serverField.setAccessible(true);
    Object jetty = serverField.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, address);
    }
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("DynamoDB Local listening on " + address);
    proxy.getClass().getMethod("join").invoke(proxy);
  }

  private static void exitWhenInputEnds() {
    try {
      while (System.in.read() != -1) {
        // Nothing is sent; reading only waits for the end.
      }
    } catch (IOException ignored) {
      // A broken pipe means the same: the parent is gone.
    }
    System.exit(0);
  }
}
